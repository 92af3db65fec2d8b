package org.wharfmq.store.derby;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/**
 * The durable changes one journal cycle makes, as JDBC batches on the writer connection.
 * Batches run in a fixed order (inserts, updates, deletes); no two changes in one cycle depend
 * on each other in another order. Anything else runs at once, after flushing the batches.
 */
final class Writes implements AutoCloseable {

    /** A snapshot of a message row, taken under the service lock. */
    record Row(long rowId, int queueId, long bodyId, long seq, long sentAt, long visibleAt, int receiveCount,
               long firstReceiveAt, int priority, long expiresAt, String groupId, String dedupId) {
        static Row of(Msg m) {
            return new Row(m.rowId, m.queue.id, m.bodyId, m.seq, m.sentAt, m.visibleAt, m.receiveCount,
                    m.firstReceiveAt, m.priority, m.expiresAt, m.groupId, m.dedupId);
        }
    }

    private final Connection c;
    private final PreparedStatement insertBody;
    private final PreparedStatement insertMessage;
    private final PreparedStatement insertDedup;
    private final PreparedStatement updateMessage;
    private final PreparedStatement deleteMessage;
    private final PreparedStatement deleteBody;
    private final PreparedStatement[] order;
    private final boolean[] pending;

    Writes(Connection c) throws SQLException {
        this.c = c;
        insertBody = c.prepareStatement("INSERT INTO WHARF_BODY (ID, SMALL, LARGE) VALUES (?, ?, ?)");
        insertMessage = c.prepareStatement("INSERT INTO WHARF_MESSAGE (ROW_ID, QUEUE_ID, BODY_ID, SEQ, SENT_AT,"
                + " VISIBLE_AT, RECEIVE_COUNT, FIRST_RECEIVE_AT, PRIORITY, EXPIRES_AT, GROUP_ID, DEDUP_ID)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        insertDedup = c.prepareStatement(
                "INSERT INTO WHARF_DEDUP (QUEUE_ID, DKEY, BODY_ID, SEQ, ACCEPTED_AT) VALUES (?, ?, ?, ?, ?)");
        updateMessage = c.prepareStatement("UPDATE WHARF_MESSAGE SET QUEUE_ID = ?, SEQ = ?, VISIBLE_AT = ?,"
                + " RECEIVE_COUNT = ?, FIRST_RECEIVE_AT = ? WHERE ROW_ID = ?");
        deleteMessage = c.prepareStatement("DELETE FROM WHARF_MESSAGE WHERE ROW_ID = ?");
        deleteBody = c.prepareStatement("DELETE FROM WHARF_BODY WHERE ID = ?");
        order = new PreparedStatement[] {insertBody, insertMessage, insertDedup, updateMessage, deleteMessage,
            deleteBody};
        pending = new boolean[order.length];
    }

    void insertBody(long id, byte[] payload) throws SQLException {
        insertBody.setLong(1, id);
        if (payload.length <= Schema.SMALL_BODY) {
            insertBody.setBytes(2, payload);
            insertBody.setNull(3, Types.BLOB);
        } else {
            insertBody.setNull(2, Types.VARBINARY);
            insertBody.setBytes(3, payload);
        }
        add(0);
    }

    void insertMessage(Row r) throws SQLException {
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
        add(1);
    }

    void insertDedup(int queueId, String key, long bodyId, long seq, long acceptedAt) throws SQLException {
        insertDedup.setInt(1, queueId);
        insertDedup.setString(2, key);
        insertDedup.setLong(3, bodyId);
        insertDedup.setLong(4, seq);
        insertDedup.setLong(5, acceptedAt);
        add(2);
    }

    void updateMessage(Row r) throws SQLException {
        updateMessage.setInt(1, r.queueId);
        updateMessage.setLong(2, r.seq);
        updateMessage.setLong(3, r.visibleAt);
        updateMessage.setInt(4, r.receiveCount);
        updateMessage.setLong(5, r.firstReceiveAt);
        updateMessage.setLong(6, r.rowId);
        add(3);
    }

    void deleteMessage(long rowId) throws SQLException {
        deleteMessage.setLong(1, rowId);
        add(4);
    }

    void deleteBody(long bodyId) throws SQLException {
        deleteBody.setLong(1, bodyId);
        add(5);
    }

    /** Runs one statement now, after the batched changes before it. */
    int execute(String sql, Object... params) throws SQLException {
        flush();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            return s.executeUpdate();
        }
    }

    void flush() throws SQLException {
        for (int i = 0; i < order.length; i++) {
            if (pending[i]) {
                order[i].executeBatch();
                pending[i] = false;
            }
        }
    }

    /** Drops batched changes that were not executed. */
    void discard() throws SQLException {
        for (int i = 0; i < order.length; i++) {
            order[i].clearBatch();
            pending[i] = false;
        }
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
