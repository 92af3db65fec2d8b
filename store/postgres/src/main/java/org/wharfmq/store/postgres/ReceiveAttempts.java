package org.wharfmq.store.postgres;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.store.ReceivedMessage;

/**
 * FIFO receive attempts ({@code ReceiveRequestAttemptId}) in {@code wharf_attempt}: a receive
 * remembers what it took, and a retry with the same id within 5 minutes gets those messages again
 * while they are still as it left them.
 */
final class ReceiveAttempts {
    private static final long ATTEMPT_WINDOW = 300_000;

    private ReceiveAttempts() {
    }

    /** The messages of an earlier receive with the same attempt id, if they are still as it left them. */
    static List<ReceivedMessage> repeat(Unit u, Queues.Queue q, String attemptId) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_attempt WHERE queue_id = ? AND at <= ?")) {
            s.setInt(1, q.id());
            s.setLong(2, u.now - ATTEMPT_WINDOW);
            s.executeUpdate();
        }
        String rows;
        try (PreparedStatement s = u.c.prepareStatement(
                "SELECT rows FROM wharf_attempt WHERE queue_id = ? AND attempt_id = ?")) {
            s.setInt(1, q.id());
            s.setString(2, attemptId);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return null;
                }
                rows = r.getString(1);
            }
        }
        Map<Long, long[]> expected = new HashMap<>();
        List<Long> order = new ArrayList<>();
        for (String entry : rows.split(",")) {
            String[] f = entry.split(":");
            long id = Long.parseLong(f[0]);
            expected.put(id, new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
            order.add(id);
        }
        Map<Long, Row> found = new HashMap<>();
        for (Row row : Row.select(u, "SELECT " + Row.COLUMNS + " FROM wharf_message WHERE queue_id = ? AND id = ANY (?)",
                q.id(), u.c.createArrayOf("bigint", order.toArray(new Long[0])))) {
            found.put(row.id(), row);
        }
        List<ReceivedMessage> out = new ArrayList<>();
        for (long id : order) {
            Row row = found.get(id);
            long[] e = expected.get(id);
            if (row == null || row.receiveCount() != e[0] || row.visibleAt() != e[1] || row.visibleAt() <= u.now) {
                return null;
            }
            out.add(row.toMessage(true, true));
        }
        return out;
    }

    static void remember(Unit u, Queues.Queue q, String attemptId, List<Row> taken) throws SQLException {
        StringBuilder rows = new StringBuilder();
        for (Row row : taken) {
            if (rows.length() > 0) {
                rows.append(',');
            }
            rows.append(row.id()).append(':').append(row.receiveCount()).append(':').append(row.visibleAt());
        }
        try (PreparedStatement s = u.c.prepareStatement("INSERT INTO wharf_attempt VALUES (?, ?, ?, ?) "
                + "ON CONFLICT (queue_id, attempt_id) DO UPDATE SET at = EXCLUDED.at, rows = EXCLUDED.rows")) {
            s.setInt(1, q.id());
            s.setString(2, attemptId);
            s.setLong(3, u.now);
            s.setString(4, rows.toString());
            s.executeUpdate();
        }
    }
}
