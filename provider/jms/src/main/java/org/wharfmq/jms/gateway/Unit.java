package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import jakarta.jms.JMSException;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.StoreTransaction;

/** A unit of work in the store (a local transaction or an XA branch): sends and deletes that commit together. */
public final class Unit {
    final StoreTransaction tx;
    private final boolean joined;

    Unit(StoreTransaction tx, boolean joined) {
        this.tx = tx;
        this.joined = joined;
    }

    /**
     * True if the unit works on the application's own transaction: a consumed message is deleted in
     * it when delivered ({@link #consume}), so that the application's commit or rollback decides.
     */
    public boolean joined() {
        return joined;
    }

    /** Deletes a delivered message in the application's transaction that this unit joined. */
    public void consume(Delivery d) throws JMSException {
        Errors.call(() -> {
            tx.deleteMessage(d.queueUrl(), d.receiptHandle());
            return null;
        });
    }

    /**
     * Deletes the message at commit; if the unit is an XA branch that its transaction manager rolls
     * back, the store gives the message back {@code releaseSeconds} later.
     */
    public void acknowledge(Delivery d, int releaseSeconds) throws JMSException {
        Errors.call(() -> {
            tx.deleteMessage(d.queueUrl(), d.receiptHandle(), releaseSeconds);
            return null;
        });
    }

    /**
     * Deletes {@code consumed} and commits everything; on failure nothing is applied and a
     * TransactionRolledBackException says why.
     */
    public void commit(List<Delivery> consumed) throws JMSException {
        try {
            if (!joined) {
                for (Delivery d : consumed) {
                    tx.deleteMessage(d.queueUrl(), d.receiptHandle());
                }
            }
            tx.commit();
        } catch (QueueServiceException e) {
            if (e.code().equals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID)) {
                throw Errors.lateCommit(late(consumed, e.getMessage()), Errors.withMessageIds(e.detail(), consumed), e);
            }
            throw Errors.rolledBack("the transaction was rolled back", e);
        }
    }

    /** The JMSMessageIDs of the deliveries whose handle {@code why} names, or of all if it names none. */
    private static List<String> late(List<Delivery> consumed, String why) {
        List<String> named = new ArrayList<>();
        for (Delivery d : consumed) {
            if (why != null && why.contains(d.receiptHandle())) {
                named.add(d.messageId());
            }
        }
        if (named.isEmpty()) {
            consumed.forEach(d -> named.add(d.messageId()));
        }
        return named;
    }

    public void rollback() {
        tx.rollback();
    }
}
