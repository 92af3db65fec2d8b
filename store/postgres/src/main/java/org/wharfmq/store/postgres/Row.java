package org.wharfmq.store.postgres;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.ReceiptHandle;

/** One {@code wharf_message} row as a receive or browse reads it. */
record Row(int queueId, long id, String messageId, String body, byte[] attributes, long sentAt, long visibleAt,
           int receiveCount, long firstReceive, int priority, long expiresAt, String groupId, String dedupId,
           String sourceQueue, boolean leased, boolean lossy) implements MessageHeaders {

    /** The columns {@link #read} expects, in order. */
    static final String COLUMNS = "queue_id, id, message_id, body, attributes, sent_at, visible_at, receive_count, "
            + "first_receive, priority, expires_at, group_id, dedup_id, source_queue, leased, lossy";

    static Row read(ResultSet r) throws SQLException {
        return new Row(r.getInt(1), r.getLong(2), r.getString(3), r.getString(4), r.getBytes(5), r.getLong(6),
                r.getLong(7), r.getInt(8), r.getLong(9), r.getInt(10), r.getLong(11), r.getString(12),
                r.getString(13), r.getString(14), r.getBoolean(15), r.getBoolean(16));
    }

    /** Gone by the queue's retention or the message's own expiration at {@code now}. */
    boolean expired(long now, long retentionMillis) {
        return sentAt <= now - retentionMillis || expiresAt > 0 && expiresAt <= now;
    }

    @Override
    public long sentTimestamp() {
        return sentAt;
    }

    @Override
    public long expirationTime() {
        return expiresAt;
    }

    @Override
    public String messageGroupId() {
        return groupId;
    }

    @Override
    public Map<String, MessageAttributeValue> messageAttributes() {
        return Codec.attributes(attributes);
    }

    /** The row after a receive at {@code now} that hides it until {@code visibleUntil}. */
    Row received(long now, long visibleUntil) {
        return new Row(queueId, id, messageId, body, attributes, sentAt, visibleUntil, receiveCount + 1,
                firstReceive == 0 ? now : firstReceive, priority, expiresAt, groupId, dedupId, sourceQueue, true, lossy);
    }

    ReceivedMessage toMessage(boolean fifo, boolean withHandle) {
        String handle = withHandle ? new ReceiptHandle(queueId, id, receiveCount).encode() : null;
        return new ReceivedMessage(messageId, handle, body, Digests.md5(body), sentAt, receiveCount, firstReceive,
                fifo ? groupId : null, fifo ? dedupId : null, fifo ? Digests.sequenceNumber(id) : null, priority,
                expiresAt, Codec.attributes(attributes));
    }

    /** The rows {@code sql} reads, its parameters bound in order; its columns those of {@link #COLUMNS}. */
    static List<Row> select(Unit u, String sql, Object... params) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            List<Row> rows = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(Row.read(r));
                }
            }
            return rows;
        }
    }
}
