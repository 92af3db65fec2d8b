package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.List;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.StoreTransaction;

/**
 * A session's consumed messages and what becomes of them: deleted at once (AUTO, DUPS_OK), on
 * {@code acknowledge()} (CLIENT, INDIVIDUAL), or at commit (transacted); made visible again at
 * once by recover, rollback or close.
 */
final class Acknowledgements {

    /** A message handed to the application, by its queue and receipt handle. */
    record Delivered(String queueUrl, String receiptHandle, WharfMessage message) {
    }

    private final WharfSession session;
    private final QueueService service;
    private final List<Delivered> unacked = new ArrayList<>();
    private StoreTransaction local;
    /** Set by recover() inside a listener in an automatic mode: the current message comes again. */
    private volatile boolean recoverCurrent;

    Acknowledgements(WharfSession session) {
        this.session = session;
        this.service = session.connection.store.service;
    }

    /** True when messages are deleted as soon as the application has them. */
    boolean automatic() {
        if (session.xa) {
            return session.transaction() == null;
        }
        return !session.transacted && (session.mode == Session.AUTO_ACKNOWLEDGE
                || session.mode == Session.DUPS_OK_ACKNOWLEDGE);
    }

    /** Records a message handed to the application (not for automatic modes, which call {@link #delete}). */
    synchronized void delivered(Delivered d) {
        if (session.xa) {
            StoreTransaction tx = session.transaction();
            if (tx != null) {
                tx.deleteMessage(d.queueUrl(), d.receiptHandle());
            }
            return;
        }
        // A redelivery supersedes an earlier delivery of the same message to this session.
        String id = d.message().getJMSMessageID();
        unacked.removeIf(old -> old.queueUrl().equals(d.queueUrl()) && old.message().getJMSMessageID().equals(id));
        unacked.add(d);
        if (!session.transacted) {
            d.message().setAcknowledger(() -> acknowledge(d));
        }
    }

    /** Deletes a message now (automatic acknowledgement). */
    void delete(Delivered d) throws JMSException {
        try {
            service.deleteMessage(d.queueUrl(), d.receiptHandle());
        } catch (QueueServiceException e) {
            throw stale(List.of(d), e);
        }
    }

    /** Makes a message visible again at once, for redelivery. */
    void release(Delivered d) {
        try {
            service.changeMessageVisibility(d.queueUrl(), d.receiptHandle(), 0);
        } catch (QueueServiceException e) {
            // Its visibility already ended: it is back in the queue anyway.
        }
    }

    private void acknowledge(Delivered which) throws JMSException {
        if (session.isClosed() && !WharfSession.inListenerOf(session)) {
            throw new IllegalStateException("the session of message " + which.message().getJMSMessageID()
                    + " is closed");
        }
        List<Delivered> batch;
        synchronized (this) {
            if (session.mode == WharfSession.INDIVIDUAL_ACKNOWLEDGE) {
                batch = unacked.remove(which) ? List.of(which) : List.of();
            } else {
                batch = new ArrayList<>(unacked);
                unacked.clear();
            }
        }
        List<Delivered> failed = new ArrayList<>();
        QueueServiceException cause = null;
        for (Delivered d : batch) {
            try {
                service.deleteMessage(d.queueUrl(), d.receiptHandle());
            } catch (QueueServiceException e) {
                failed.add(d);
                cause = e;
            }
        }
        if (!failed.isEmpty()) {
            throw stale(failed, cause);
        }
    }

    private static JMSException stale(List<Delivered> failed, QueueServiceException cause) {
        List<String> ids = new ArrayList<>();
        for (Delivered d : failed) {
            ids.add(d.message().getJMSMessageID());
        }
        String why = cause.code().equals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID)
                ? "came after the visibility timeout ended; the message will be delivered again"
                : cause.getMessage();
        JMSException e = new JMSException("acknowledgement of " + String.join(", ", ids) + " failed: " + why,
                cause.code());
        e.setLinkedException(cause);
        e.initCause(cause);
        return e;
    }

    synchronized StoreTransaction localTransaction() {
        if (local == null) {
            local = session.connection.store.transactions.begin();
        }
        return local;
    }

    void commit() throws JMSException {
        List<Delivered> consumed;
        StoreTransaction tx;
        synchronized (this) {
            consumed = new ArrayList<>(unacked);
            unacked.clear();
            tx = localTransaction();
            local = null;
        }
        try {
            for (Delivered d : consumed) {
                tx.deleteMessage(d.queueUrl(), d.receiptHandle());
            }
            tx.commit();
        } catch (QueueServiceException e) {
            consumed.forEach(this::release);
            throw JmsErrors.rolledBack("the transaction was rolled back", e);
        }
    }

    void rollback() {
        List<Delivered> consumed;
        StoreTransaction tx;
        synchronized (this) {
            consumed = new ArrayList<>(unacked);
            unacked.clear();
            tx = local;
            local = null;
        }
        if (tx != null) {
            tx.rollback();
        }
        consumed.forEach(this::release);
    }

    void recover() {
        if (automatic() && WharfSession.inListenerOf(session)) {
            recoverCurrent = true;
        }
        List<Delivered> consumed;
        synchronized (this) {
            consumed = new ArrayList<>(unacked);
            unacked.clear();
        }
        consumed.forEach(this::release);
    }

    /** True once if recover() was called by the listener now returning; its message must come again. */
    boolean takeRecoverRequest() {
        boolean r = recoverCurrent;
        recoverCurrent = false;
        return r;
    }

    void close() {
        if (session.transacted && !session.xa) {
            rollback();
        } else {
            recover();
        }
    }
}
