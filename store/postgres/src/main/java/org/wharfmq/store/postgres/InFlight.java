package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.MESSAGE_NOT_INFLIGHT;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.ReceiptHandle;

/**
 * DeleteMessage and ChangeMessageVisibility by receipt handle. A handle names the queue, the row
 * and the receive it came from; it is current while the row is in that queue with that receive
 * count and in flight, whichever process received it.
 */
final class InFlight {
    /** A row not yet gone by retention or expiration: two parameters, the retention's cutoff and now. */
    private static final String LIVE = "sent_at > ? AND (expires_at = 0 OR expires_at > ?)";

    private final PgContext ctx;
    private final Queues queues;

    InFlight(PgContext ctx, Queues queues) {
        this.ctx = ctx;
        this.queues = queues;
    }

    void delete(String queueUrl, String receiptHandle) {
        ctx.run("DeleteMessage", u -> {
            deleteNoted(u, queues.find(u, queueUrl), receiptHandle);
            return null;
        });
    }

    BatchResult<String> deleteBatch(String queueUrl, List<BatchEntry<String>> entries) {
        return eachEntry("DeleteMessageBatch", queueUrl, entries, this::deleteNoted);
    }

    /** {@link #delete(Unit, Queues.Queue, String)} in a unit of deletes only: a lease's need not wait for the disk. */
    private void deleteNoted(Unit u, Queues.Queue q, String receiptHandle) throws SQLException {
        boolean lease = ctx.leases().remove(receiptHandle);
        u.wrote(!delete(u, q, receiptHandle) && lease);
    }

    void changeVisibility(String queueUrl, String receiptHandle, int seconds) {
        Ranges.VISIBILITY_TIMEOUT.check("VisibilityTimeout", seconds);
        ctx.leases().remove(receiptHandle);
        ctx.run("ChangeMessageVisibility", u -> {
            changeVisibility(u, queues.find(u, queueUrl), receiptHandle, seconds);
            return null;
        });
    }

    BatchResult<String> changeVisibilityBatch(String queueUrl, List<BatchEntry<VisibilityChange>> entries) {
        return eachEntry("ChangeMessageVisibilityBatch", queueUrl, entries, (u, q, v) -> {
            Ranges.VISIBILITY_TIMEOUT.check("VisibilityTimeout", v.visibilityTimeoutSeconds());
            changeVisibility(u, q, v.receiptHandle(), v.visibilityTimeoutSeconds());
        });
    }

    /**
     * Deletes the message {@code receiptHandle} names in {@code q}, or fails ReceiptHandleIsInvalid;
     * returns whether it was {@link Row#lossy}.
     */
    boolean delete(Unit u, Queues.Queue q, String receiptHandle) throws SQLException {
        ReceiptHandle h = handle(q, receiptHandle);
        try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_message WHERE queue_id = ? AND id = ? "
                + "AND receive_count = ? AND leased AND visible_at > ? AND " + LIVE + " RETURNING group_id, lossy")) {
            s.setInt(1, q.id());
            s.setLong(2, h.rowId());
            s.setInt(3, h.receiveCount());
            s.setLong(4, u.now);
            s.setLong(5, retainedAfter(q, u));
            s.setLong(6, u.now);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, "receipt handle " + receiptHandle
                            + " is not that of a message in flight in queue " + q.name());
                }
                if (r.getString(1) != null) {
                    u.wake(q.id());
                }
                u.count(q.id(), Counters.DELETED, 1);
                return r.getBoolean(2);
            }
        }
    }

    /** Sets the visibility timeout of the message {@code receiptHandle} names, counted from now. */
    void changeVisibility(Unit u, Queues.Queue q, String receiptHandle, int seconds) throws SQLException {
        ReceiptHandle h = handle(q, receiptHandle);
        try (PreparedStatement s = u.c.prepareStatement("UPDATE wharf_message SET visible_at = ? WHERE queue_id = ? "
                + "AND id = ? AND receive_count = ? AND leased AND visible_at > ? AND " + LIVE)) {
            s.setLong(1, u.now + seconds * 1000L);
            s.setInt(2, q.id());
            s.setLong(3, h.rowId());
            s.setInt(4, h.receiveCount());
            s.setLong(5, u.now);
            s.setLong(6, retainedAfter(q, u));
            s.setLong(7, u.now);
            if (s.executeUpdate() == 1) {
                u.wakeAt(q.id(), u.now + seconds * 1000L);
                return;
            }
        }
        try (PreparedStatement s = u.c.prepareStatement(
                "SELECT 1 FROM wharf_message WHERE queue_id = ? AND id = ? AND receive_count = ? AND " + LIVE)) {
            s.setInt(1, q.id());
            s.setLong(2, h.rowId());
            s.setInt(3, h.receiveCount());
            s.setLong(4, retainedAfter(q, u));
            s.setLong(5, u.now);
            try (ResultSet r = s.executeQuery()) {
                if (r.next()) {
                    throw new QueueServiceException(MESSAGE_NOT_INFLIGHT, "the message of receipt handle "
                            + receiptHandle + " is not in flight in queue " + q.name());
                }
            }
        }
        throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, "receipt handle " + receiptHandle
                + " is not current in queue " + q.name());
    }

    private static long retainedAfter(Queues.Queue q, Unit u) {
        return u.now - q.config().messageRetentionPeriod() * 1000L;
    }

    private static ReceiptHandle handle(Queues.Queue q, String text) {
        ReceiptHandle h = ReceiptHandle.decode(text);
        if (h == null || h.queueId() != q.id()) {
            throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, "receipt handle " + text
                    + " is not one of queue " + q.name());
        }
        return h;
    }

    /** An action on one batch entry's value in a unit. */
    @FunctionalInterface
    private interface EntryAction<T> {
        void apply(Unit u, Queues.Queue q, T value) throws SQLException;
    }

    /**
     * Applies each entry on its own in one transaction: an entry that fails is refused before it
     * writes anything, and reported; the others commit.
     */
    private <T> BatchResult<String> eachEntry(String what, String queueUrl, List<BatchEntry<T>> entries,
                                              EntryAction<T> action) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(BatchEntry::id).toList());
        return ctx.run(what, u -> {
            Queues.Queue q = queues.find(u, queueUrl);
            List<String> ok = new ArrayList<>();
            List<BatchResultErrorEntry> failed = new ArrayList<>();
            for (BatchEntry<T> e : entries) {
                try {
                    action.apply(u, q, e.value());
                    ok.add(e.id());
                } catch (QueueServiceException ex) {
                    if (ex.code().equals(QUEUE_DOES_NOT_EXIST)) {
                        throw ex;
                    }
                    failed.add(new BatchResultErrorEntry(e.id(), ex.code(), ex.detail(), ex.senderFault()));
                }
            }
            return new BatchResult<>(ok, failed);
        });
    }
}
