package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.BATCH_REQUEST_TOO_LONG;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.MessageRules;

/**
 * SendMessage and SendMessageBatch: the checks of the model, deduplication in {@code wharf_dedup}
 * (one row per key and queue, so that two processes sending one key at once deliver it once),
 * and the insert.
 */
final class Sends {
    private static final String INSERT = "INSERT INTO wharf_message (queue_id, id, message_id, body, attributes, "
            + "sent_at, visible_at, priority, expires_at, group_id, dedup_id, source_queue, lossy) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    /** {@link #INSERT} with the id from the sequence when it is bound null. */
    private static final String INSERT_OR_NEXT = INSERT.replace("VALUES (?, ?,",
            "VALUES (?, COALESCE(?, nextval('wharf_message_id')),");
    /** {@link #INSERT_OR_NEXT} if the queue of the 14th parameter has the attributes of the 15th. */
    private static final String INSERT_IF_UNCHANGED = INSERT_OR_NEXT.replace("VALUES (", "SELECT ").replaceFirst("\\)$", "")
            + " WHERE EXISTS (SELECT 1 FROM wharf_queue WHERE id = ? AND attributes = ?)";
    /** {@link #INSERT_OR_NEXT} returning the id, in the same round trip. */
    private static final String INSERT_NEXT = INSERT_OR_NEXT + " RETURNING id";

    /** The most single sends in one transaction. */
    static final int BATCH_MAX = 64;

    /**
     * A send checked against its queue, not yet applied. {@code sentAt} is when the store was asked
     * to send, the message's SentTimestamp and the start of its delay, also when a transaction
     * applies it later.
     */
    record Plan(Queues.Queue queue, SendMessageRequest request, MessageOptions.Options options, String dedupKey,
                long sentAt) {
        /** This plan as asked for at {@code time}. */
        Plan askedAt(long time) {
            return new Plan(queue, request, options, dedupKey, time);
        }
    }

    private final PgContext ctx;
    private final Queues queues;
    /** Single sends of this store's threads to standard queues, several to a transaction when they come at once. */
    private final Batches<Plan, SendResult> guessed;

    Sends(PgContext ctx, Queues queues) {
        this.ctx = ctx;
        this.queues = queues;
        this.guessed = new Batches<>(ctx, "SendMessage", Batches.LEADERS, BATCH_MAX, this::applyIfUnchanged);
    }

    SendResult send(SendMessageRequest r, MessageOptions.Options options) {
        Queues.Queue guess = queues.lastRead(r.queueUrl());
        if (guess != null && !guess.fifo()) {
            Plan p = null;
            try {
                p = plan(guess, r, options);
            } catch (QueueServiceException e) {
                // Perhaps refused by attributes since changed: the queue as it is now decides, below.
            }
            if (p != null) {
                SendResult done = guessed.run(p);
                if (done != null) {
                    return done;
                }
            }
        }
        return ctx.run("SendMessage", u -> {
            if (!options.durable()) {
                u.mayLoseOnCrash();
            }
            return apply(u, plan(queues.find(u, r.queueUrl()), r, options), null);
        });
    }

    /**
     * Sends to standard queues as planned against the queues last read, each inserted only if its
     * queue still has that id and those attributes: a result each, null where it had not.
     */
    private List<SendResult> applyIfUnchanged(Unit u, List<Plan> plans) throws SQLException {
        if (plans.stream().noneMatch(p -> p.options().durable())) {
            u.mayLoseOnCrash();
        }
        List<String> ids = new ArrayList<>(plans.size());
        int[] inserted;
        try (PreparedStatement s = u.c.prepareStatement(INSERT_IF_UNCHANGED)) {
            for (Plan p : plans) {
                Queues.Queue q = p.queue();
                String id = UUID.randomUUID().toString();
                ids.add(id);
                bind(s, q.id(), 0, id, p.request(), p.sentAt(), p.sentAt() + delayOf(p), p.options(), null);
                s.setNull(2, java.sql.Types.BIGINT);
                s.setInt(14, q.id());
                s.setString(15, q.settings());
                s.addBatch();
            }
            inserted = s.executeBatch();
        }
        List<SendResult> out = new ArrayList<>(plans.size());
        for (int i = 0; i < plans.size(); i++) {
            Plan p = plans.get(i);
            if (inserted[i] == 0) {
                out.add(null);
                continue;
            }
            u.count(p.queue().id(), Counters.SENT, 1);
            u.wakeWhenSent(p.queue().id(), p.sentAt(), delayOf(p));
            out.add(new SendResult(null, ids.get(i), Digests.md5(p.request().messageBody()), null));
        }
        return out;
    }

    BatchResult<SendResult> sendBatch(String queueUrl, List<SendBatchEntry> entries) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(SendBatchEntry::id).toList());
        return ctx.run("SendMessageBatch", u -> {
            Queues.Queue q = queues.find(u, queueUrl);
            long total = 0;
            for (SendBatchEntry e : entries) {
                total += MessageRules.sizeOf(e.messageBody(), e.messageAttributes());
            }
            if (total > q.config().maximumMessageSize()) {
                throw new QueueServiceException(BATCH_REQUEST_TOO_LONG, "the batch's messages total " + total
                        + " bytes, over the queue's MaximumMessageSize " + q.config().maximumMessageSize());
            }
            List<SendResult> ok = new ArrayList<>();
            List<BatchResultErrorEntry> failed = new ArrayList<>();
            for (SendBatchEntry e : entries) {
                try {
                    SendResult r = apply(u, plan(q, e.toRequest(queueUrl), MessageOptions.Options.DEFAULT), null);
                    ok.add(new SendResult(e.id(), r.messageId(), r.md5OfMessageBody(), r.sequenceNumber()));
                } catch (QueueServiceException ex) {
                    failed.add(new BatchResultErrorEntry(e.id(), ex.code(), ex.detail(), ex.senderFault()));
                }
            }
            return new BatchResult<>(ok, failed);
        });
    }

    /** Checks a send to {@code q} as docs/model.md rules it. */
    Plan plan(Queues.Queue q, SendMessageRequest r, MessageOptions.Options options) {
        return new Plan(q, r, options, MessageRules.checkSend(q.name(), q.config(), r, options).dedupKey(), ctx.now());
    }

    /**
     * Applies a checked send in {@code u}: a duplicate within the window returns the original's id
     * and sequence number; otherwise a new row. {@code messageId} keeps a moved message's id (null: a new one).
     */
    SendResult apply(Unit u, Plan p, String messageId) throws SQLException {
        Queues.Queue q = p.queue();
        String md5 = Digests.md5(p.request().messageBody());
        String id = messageId != null ? messageId : UUID.randomUUID().toString();
        // Deduplication records the sequence number before the insert; otherwise the insert takes it.
        long seq = p.dedupKey() != null ? nextId(u) : 0;
        if (p.dedupKey() != null) {
            SendResult original = deduplicate(u, q, p.dedupKey(), id, seq, md5);
            if (original != null) {
                u.count(q.id(), Counters.DEDUPLICATED, 1);
                return original;
            }
        }
        if (p.dedupKey() == null && !q.fifo()) {
            // Nothing here reads the row back, and a standard queue returns no sequence number.
            PreparedStatement s = u.batch(INSERT_OR_NEXT);
            long delay = delayOf(p);
            bind(s, q.id(), 0, id, p.request(), p.sentAt(), p.sentAt() + delay, p.options(), null);
            s.setNull(2, java.sql.Types.BIGINT);
            s.addBatch();
            u.count(q.id(), Counters.SENT, 1);
            u.wakeWhenSent(q.id(), p.sentAt(), delay);
            return new SendResult(null, id, md5, null);
        }
        long delay = delayOf(p);
        try (PreparedStatement s = u.c.prepareStatement(INSERT_NEXT)) {
            bind(s, q.id(), seq, id, p.request(), p.sentAt(), p.sentAt() + delay, p.options(), null);
            if (p.dedupKey() == null) {
                s.setNull(2, java.sql.Types.BIGINT);
            }
            try (ResultSet r = s.executeQuery()) {
                r.next();
                seq = r.getLong(1);
            }
        }
        u.count(q.id(), Counters.SENT, 1);
        u.wakeWhenSent(q.id(), p.sentAt(), delay);
        return new SendResult(null, id, md5, q.fifo() ? Digests.sequenceNumber(seq) : null);
    }

    private static long delayOf(Plan p) {
        return p.options().delayMillis() >= 0 ? p.options().delayMillis() : 1000L
                * (p.request().delaySeconds() != null ? p.request().delaySeconds() : p.queue().config().delaySeconds());
    }

    static void bind(PreparedStatement s, int queueId, long seq, String messageId, SendMessageRequest r, long now,
                     long visibleAt, MessageOptions.Options o, String sourceQueue) throws SQLException {
        s.setInt(1, queueId);
        s.setLong(2, seq);
        s.setString(3, messageId);
        s.setString(4, r.messageBody());
        s.setBytes(5, Codec.attributes(r.messageAttributes()));
        s.setLong(6, now);
        s.setLong(7, visibleAt);
        s.setInt(8, o.priority());
        s.setLong(9, o.expirationTime());
        s.setString(10, r.messageGroupId());
        s.setString(11, r.messageDeduplicationId());
        s.setString(12, sourceQueue);
        s.setBoolean(13, !o.durable());
    }

    static long nextId(Unit u) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement("SELECT nextval('wharf_message_id')");
             ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    /** The original that a send of {@code key} to {@code q} would duplicate now, or null. */
    SendResult original(Unit u, Queues.Queue q, String key) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement("SELECT message_id, seq FROM wharf_dedup "
                + "WHERE queue_id = ? AND key = ? AND sent_at > ?")) {
            s.setInt(1, q.id());
            s.setBytes(2, key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            s.setLong(3, u.now - q.config().deduplicationWindow() * 1000L);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? new SendResult(null, r.getString(1), null, Digests.sequenceNumber(r.getLong(2))) : null;
            }
        }
    }

    /** Claims {@code key} for a new message, or returns the original it duplicates within the window. */
    private SendResult deduplicate(Unit u, Queues.Queue q, String key, String id, long seq, String md5)
            throws SQLException {
        long cutoff = u.now - q.config().deduplicationWindow() * 1000L;
        try (PreparedStatement s = u.c.prepareStatement("INSERT INTO wharf_dedup VALUES (?, ?, ?, ?, ?) "
                + "ON CONFLICT (queue_id, key) DO UPDATE SET message_id = EXCLUDED.message_id, seq = EXCLUDED.seq, "
                + "sent_at = EXCLUDED.sent_at WHERE wharf_dedup.sent_at <= ?")) {
            s.setInt(1, q.id());
            s.setBytes(2, key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            s.setString(3, id);
            s.setLong(4, seq);
            s.setLong(5, u.now);
            s.setLong(6, cutoff);
            if (s.executeUpdate() == 1) {
                return null;
            }
        }
        try (PreparedStatement s = u.c.prepareStatement(
                "SELECT message_id, seq FROM wharf_dedup WHERE queue_id = ? AND key = ?")) {
            s.setInt(1, q.id());
            s.setBytes(2, key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return new SendResult(null, r.getString(1), md5, Digests.sequenceNumber(r.getLong(2)));
            }
        }
    }
}
