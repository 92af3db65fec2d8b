package org.wharfmq.store.derby.disk;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.Publish;
import org.wharfmq.store.model.QueueConfig;

/**
 * The durable changes one journal cycle makes, on the writer connection. Message, shared body,
 * publish and dedup rows go in JDBC batches that run in a fixed order (inserts, updates, the bits
 * of publishes, deletes); no two changes in one cycle depend on each other in another order. The rarer changes (queues, prepared branches,
 * the id reservation, dedup pruning) run at once, after flushing the batches before them.
 */
public final class Writes implements AutoCloseable {

    /** A snapshot of a message row, taken under the index's lock. */
    public record Row(long rowId, int queueId, long bodyId, long seq, long sentAt, long visibleAt, int receiveCount,
               long firstReceiveAt, int priority, long expiresAt, String groupId, String dedupId,
               int sourceQueueId) {
        public static Row of(Msg m) {
            return new Row(m.rowId, m.queue.id, m.bodyId, m.seq, m.sentAt, m.visibleAt, m.receiveCount,
                    m.firstReceiveAt, m.priority, m.expiresAt, m.groupId, m.dedupId, m.sourceQueueId);
        }
    }

    private static final String INSERT_BODY = "INSERT INTO WHARF_BODY (ID, SMALL, LARGE) VALUES (?, ?, ?)";
    private static final String INSERT_PUBLISH = "INSERT INTO WHARF_BODY (ID, SMALL, LARGE, SENT_AT, VISIBLE_AT,"
            + " EXPIRES_AT, PRIORITY, COPIES) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String UPDATE_MARKS = "UPDATE WHARF_BODY SET RECEIVED = ?, GONE = ? WHERE ID = ?";
    private static final String INSERT_MESSAGE = "INSERT INTO WHARF_MESSAGE (ROW_ID, QUEUE_ID, BODY_ID, SEQ,"
            + " SENT_AT, VISIBLE_AT, RECEIVE_COUNT, FIRST_RECEIVE_AT, PRIORITY, EXPIRES_AT, GROUP_ID, DEDUP_ID,"
            + " SOURCE_QUEUE_ID, BODY_IN_ROW, SMALL, LARGE) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String INSERT_DEDUP =
            "INSERT INTO WHARF_DEDUP (QUEUE_ID, DKEY, BODY_ID, SEQ, ACCEPTED_AT) VALUES (?, ?, ?, ?, ?)";
    private static final String UPDATE_MESSAGE = "UPDATE WHARF_MESSAGE SET SEQ = ?, VISIBLE_AT = ?,"
            + " RECEIVE_COUNT = ?, FIRST_RECEIVE_AT = ?, SOURCE_QUEUE_ID = ? WHERE QUEUE_ID = ? AND ROW_ID = ?";
    private static final String MOVE_MESSAGE = "UPDATE WHARF_MESSAGE SET QUEUE_ID = ?, SEQ = ?, VISIBLE_AT = ?,"
            + " RECEIVE_COUNT = ?, FIRST_RECEIVE_AT = ?, SOURCE_QUEUE_ID = ? WHERE QUEUE_ID = ? AND ROW_ID = ?";
    private static final String DELETE_MESSAGE = "DELETE FROM WHARF_MESSAGE WHERE QUEUE_ID = ? AND ROW_ID = ?";
    private static final String DELETE_BODIES_OF_RANGE = "DELETE FROM WHARF_BODY WHERE ID IN (SELECT BODY_ID"
            + " FROM WHARF_MESSAGE WHERE QUEUE_ID = ? AND ROW_ID > ? AND ROW_ID <= ? AND BODY_IN_ROW = 0)";
    private static final String DELETE_BODY_OF_ROW = "DELETE FROM WHARF_BODY WHERE ID IN (SELECT BODY_ID"
            + " FROM WHARF_MESSAGE WHERE QUEUE_ID = ? AND ROW_ID = ? AND BODY_IN_ROW = 0)";
    private static final String DELETE_RANGE =
            "DELETE FROM WHARF_MESSAGE WHERE QUEUE_ID = ? AND ROW_ID > ? AND ROW_ID <= ?";
    private static final String DELETE_BODY = "DELETE FROM WHARF_BODY WHERE ID = ?";

    private static final String UPDATE_META = "UPDATE WHARF_META SET VAL = ? WHERE NAME = ?";
    private static final String INSERT_META = "INSERT INTO WHARF_META (NAME, VAL) VALUES (?, ?)";
    private static final String INSERT_QUEUE = "INSERT INTO WHARF_QUEUE (ID, NAME, KIND, TOPIC, SUBSCRIPTION, TAG,"
            + " ATTRS, CREATED_AT, MODIFIED_AT, PURGED_AT, DELETED_AT) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)";
    private static final String UPDATE_QUEUE_ATTRS = "UPDATE WHARF_QUEUE SET ATTRS = ?, MODIFIED_AT = ? WHERE ID = ?";
    private static final String UPDATE_QUEUE_PURGED = "UPDATE WHARF_QUEUE SET PURGED_AT = ? WHERE ID = ?";
    private static final String UPDATE_QUEUE_DELETED = "UPDATE WHARF_QUEUE SET DELETED_AT = ? WHERE ID = ?";
    private static final String DELETE_DEDUP_BEFORE = "DELETE FROM WHARF_DEDUP WHERE QUEUE_ID = ? AND ACCEPTED_AT <= ?";
    private static final String INSERT_PREPARED = "INSERT INTO WHARF_PREPARED (XID, DATA) VALUES (?, ?)";
    private static final String DELETE_PREPARED = "DELETE FROM WHARF_PREPARED WHERE XID = ?";

    private final Connection c;
    private final PreparedStatement insertBody;
    private final PreparedStatement insertPublish;
    private final PreparedStatement insertMessage;
    private final PreparedStatement insertDedup;
    private final PreparedStatement updateMessage;
    private final PreparedStatement deleteMessage;
    private final PreparedStatement deleteBody;
    private final PreparedStatement updateMarks;
    private final PreparedStatement[] order;
    private final boolean[] pending;
    /** The RECEIVED and GONE bits this cycle sets in each publish; {@link #dirty} those not yet written. */
    private final Map<Publish, BitSet[]> marks = new LinkedHashMap<>();
    private final Set<Publish> dirty = new HashSet<>();
    /** Bodies this cycle deletes: their bits need no update. */
    private final Set<Long> deletedBodies = new HashSet<>();

    Writes(Connection c) throws SQLException {
        this.c = c;
        insertBody = c.prepareStatement(INSERT_BODY);
        insertPublish = c.prepareStatement(INSERT_PUBLISH);
        insertMessage = c.prepareStatement(INSERT_MESSAGE);
        insertDedup = c.prepareStatement(INSERT_DEDUP);
        updateMessage = c.prepareStatement(UPDATE_MESSAGE);
        deleteMessage = c.prepareStatement(DELETE_MESSAGE);
        deleteBody = c.prepareStatement(DELETE_BODY);
        updateMarks = c.prepareStatement(UPDATE_MARKS);
        order = new PreparedStatement[] {insertBody, insertPublish, insertMessage, insertDedup, updateMessage,
            updateMarks, deleteMessage, deleteBody};
        pending = new boolean[order.length];
    }

    // ---- batched: messages, bodies, dedup keys ----

    /** A body that several messages share (a topic publish's copies). */
    public void insertBody(long id, byte[] payload) throws SQLException {
        insertBody.setLong(1, id);
        setBody(insertBody, 2, payload);
        add(0);
    }

    /** A topic publish: its body, what its copies share, and the list of its copies. */
    public void insertPublish(Publish p, byte[] payload, long sentAt, long visibleAt, long expiresAt, int priority)
            throws SQLException {
        PreparedStatement s = insertPublish;
        s.setLong(1, p.id);
        setBody(s, 2, payload);
        s.setLong(4, sentAt);
        s.setLong(5, visibleAt);
        s.setLong(6, expiresAt);
        s.setInt(7, priority);
        s.setBytes(8, p.encodeCopies());
        add(1);
    }

    /** Marks copy {@code copy} of publish {@code p} received once. */
    public void receivedCopy(Publish p, int copy) {
        mark(p, 0, copy);
    }

    /** Takes copy {@code copy} off publish {@code p}'s list: deleted, moved, or written as a row of its own. */
    public void dropCopy(Publish p, int copy) {
        mark(p, 1, copy);
    }

    private void mark(Publish p, int kind, int copy) {
        marks.computeIfAbsent(p, x -> new BitSet[] {new BitSet(), new BitSet()})[kind].set(copy);
        dirty.add(p);
    }

    /** A message row, with its encoded body inline; {@code payload} null when it refers to a shared body. */
    public void insertMessage(Row r, byte[] payload) throws SQLException {
        PreparedStatement s = insertMessage;
        s.setLong(1, r.rowId);
        s.setInt(2, r.queueId);
        s.setLong(3, r.bodyId);
        s.setLong(4, r.seq);
        s.setLong(5, r.sentAt);
        s.setLong(6, r.visibleAt);
        s.setInt(7, r.receiveCount);
        s.setLong(8, r.firstReceiveAt);
        s.setInt(9, r.priority);
        s.setLong(10, r.expiresAt);
        s.setString(11, r.groupId);
        s.setString(12, r.dedupId);
        s.setInt(13, r.sourceQueueId);
        s.setInt(14, payload != null ? 1 : 0);
        setBody(s, 15, payload);
        add(2);
    }

    /** Sets a SMALL column (at {@code i}) and the LARGE column after it: one holds the payload, if any. */
    private static void setBody(PreparedStatement s, int i, byte[] payload) throws SQLException {
        if (payload != null && payload.length <= Schema.SMALL_BODY) {
            s.setBytes(i, payload);
            s.setNull(i + 1, Types.BLOB);
        } else if (payload != null) {
            s.setNull(i, Types.VARBINARY);
            s.setBytes(i + 1, payload);
        } else {
            s.setNull(i, Types.VARBINARY);
            s.setNull(i + 1, Types.BLOB);
        }
    }

    public void insertDedup(int queueId, String key, long bodyId, long seq, long acceptedAt) throws SQLException {
        insertDedup.setInt(1, queueId);
        insertDedup.setString(2, key);
        insertDedup.setLong(3, bodyId);
        insertDedup.setLong(4, seq);
        insertDedup.setLong(5, acceptedAt);
        add(3);
    }

    /** Writes a message's changed state in the queue its row is in. */
    public void updateMessage(Row r) throws SQLException {
        updateMessage.setLong(1, r.seq);
        updateMessage.setLong(2, r.visibleAt);
        updateMessage.setInt(3, r.receiveCount);
        updateMessage.setLong(4, r.firstReceiveAt);
        updateMessage.setInt(5, r.sourceQueueId);
        updateMessage.setInt(6, r.queueId);
        updateMessage.setLong(7, r.rowId);
        add(4);
    }

    public void deleteMessage(int queueId, long rowId) throws SQLException {
        deleteMessage.setInt(1, queueId);
        deleteMessage.setLong(2, rowId);
        add(6);
    }

    public void deleteBody(long bodyId) throws SQLException {
        deleteBody.setLong(1, bodyId);
        deletedBodies.add(bodyId);
        add(7);
    }

    // ---- at once: meta, queues, dedup pruning, prepared branches ----

    /** Sets a WHARF_META value, inserting its row the first time. */
    public void saveMeta(String name, String value) throws SQLException {
        try (PreparedStatement s = atOnce(UPDATE_META)) {
            s.setString(1, value);
            s.setString(2, name);
            if (s.executeUpdate() > 0) {
                return;
            }
        }
        try (PreparedStatement s = atOnce(INSERT_META)) {
            s.setString(1, name);
            s.setString(2, value);
            s.executeUpdate();
        }
    }

    /** Adds a queue, subscription or topic row; a topic has no config ({@code config} null). */
    public void insertQueue(int id, String name, int kind, String topic, String subscription, String tag,
                     QueueConfig config, long createdAt) throws SQLException {
        try (PreparedStatement s = atOnce(INSERT_QUEUE)) {
            s.setInt(1, id);
            s.setString(2, name);
            s.setInt(3, kind);
            s.setString(4, topic);
            s.setString(5, subscription);
            s.setString(6, tag);
            s.setString(7, config == null ? "" : Schema.encodeAttributes(config));
            s.setLong(8, createdAt);
            s.setLong(9, createdAt);
            s.executeUpdate();
        }
    }

    public void updateQueueAttributes(int id, QueueConfig config, long modifiedAt) throws SQLException {
        try (PreparedStatement s = atOnce(UPDATE_QUEUE_ATTRS)) {
            s.setString(1, Schema.encodeAttributes(config));
            s.setLong(2, modifiedAt);
            s.setInt(3, id);
            s.executeUpdate();
        }
    }

    public void markQueuePurged(int id, long purgedAt) throws SQLException {
        updateQueueTime(UPDATE_QUEUE_PURGED, id, purgedAt);
    }

    /** Marks a queue, subscription or topic deleted; its row stays while its name is reserved. */
    public void markQueueDeleted(int id, long deletedAt) throws SQLException {
        updateQueueTime(UPDATE_QUEUE_DELETED, id, deletedAt);
    }

    private void updateQueueTime(String sql, int id, long time) throws SQLException {
        try (PreparedStatement s = atOnce(sql)) {
            s.setLong(1, time);
            s.setInt(2, id);
            s.executeUpdate();
        }
    }

    /** Deletes a queue's dedup keys accepted at or before {@code before}. */
    public void deleteDedupBefore(int queueId, long before) throws SQLException {
        try (PreparedStatement s = atOnce(DELETE_DEDUP_BEFORE)) {
            s.setInt(1, queueId);
            s.setLong(2, before);
            s.executeUpdate();
        }
    }

    /**
     * Moves a message's row from queue {@code fromQueue} to the queue {@code r} names. At once: the
     * batched changes after it in this cycle find the row under its new queue.
     */
    public void moveMessage(int fromQueue, Row r) throws SQLException {
        try (PreparedStatement s = atOnce(MOVE_MESSAGE)) {
            s.setInt(1, r.queueId);
            s.setLong(2, r.seq);
            s.setLong(3, r.visibleAt);
            s.setInt(4, r.receiveCount);
            s.setLong(5, r.firstReceiveAt);
            s.setInt(6, r.sourceQueueId);
            s.setInt(7, fromQueue);
            s.setLong(8, r.rowId);
            s.executeUpdate();
        }
    }

    /** Deletes rows of a queue by id, with the WHARF_BODY rows those of an older store refer to. */
    public void deleteRows(int queueId, long[] rowIds) throws SQLException {
        if (rowIds.length == 0) {
            return;
        }
        for (String sql : new String[] {DELETE_BODY_OF_ROW, DELETE_MESSAGE}) {
            try (PreparedStatement s = atOnce(sql)) {
                for (long rowId : rowIds) {
                    s.setInt(1, queueId);
                    s.setLong(2, rowId);
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
    }

    /**
     * Deletes a queue's message rows with ids in {@code (after, upTo]}, and the WHARF_BODY rows
     * those of an older store refer to: the part of a purged deep queue that was never in memory.
     */
    public void deleteRange(int queueId, long after, long upTo) throws SQLException {
        for (String sql : new String[] {DELETE_BODIES_OF_RANGE, DELETE_RANGE}) {
            try (PreparedStatement s = atOnce(sql)) {
                s.setInt(1, queueId);
                s.setLong(2, after);
                s.setLong(3, upTo);
                s.executeUpdate();
            }
        }
    }

    /** Stores a prepared XA branch: its key and its encoded operations. */
    public void insertPrepared(String xid, byte[] data) throws SQLException {
        try (PreparedStatement s = atOnce(INSERT_PREPARED)) {
            s.setString(1, xid);
            s.setBytes(2, data);
            s.executeUpdate();
        }
    }

    public void deletePrepared(String xid) throws SQLException {
        try (PreparedStatement s = atOnce(DELETE_PREPARED)) {
            s.setString(1, xid);
            s.executeUpdate();
        }
    }

    /** A statement to run at once, after the batched changes before it. */
    private PreparedStatement atOnce(String sql) throws SQLException {
        flush();
        return c.prepareStatement(sql);
    }

    void flush() throws SQLException {
        for (Publish p : dirty) {
            if (!deletedBodies.contains(p.id)) {
                BitSet[] cycle = marks.get(p);
                updateMarks.setBytes(1, union(p.received, cycle[0]));
                updateMarks.setBytes(2, union(p.gone, cycle[1]));
                updateMarks.setLong(3, p.id);
                add(5);
            }
        }
        dirty.clear();
        for (int i = 0; i < order.length; i++) {
            if (pending[i]) {
                order[i].executeBatch();
                pending[i] = false;
            }
        }
    }

    private static byte[] union(BitSet written, BitSet cycle) {
        BitSet bits = (BitSet) written.clone();
        bits.or(cycle);
        return bits.toByteArray();
    }

    /** The cycle committed: its publishes' bits are durable. */
    void committed() {
        marks.forEach((p, cycle) -> {
            p.received.or(cycle[0]);
            p.gone.or(cycle[1]);
        });
        forgetCycle();
    }

    /** Drops the cycle's changes: those batched and not executed, and its GONE bits. */
    void discard() throws SQLException {
        for (int i = 0; i < order.length; i++) {
            order[i].clearBatch();
            pending[i] = false;
        }
        forgetCycle();
    }

    private void forgetCycle() {
        marks.clear();
        dirty.clear();
        deletedBodies.clear();
    }

    private void add(int i) throws SQLException {
        order[i].addBatch();
        pending[i] = true;
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement s : order) {
            s.close();
        }
    }
}
