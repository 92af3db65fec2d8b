package org.wharfmq.store.postgres;

import java.sql.SQLException;
import java.util.List;
import java.util.function.Predicate;
import org.wharfmq.store.MessageHeaders;

/**
 * A FIFO queue's claim: only the first live message of a group none of whose messages is in
 * flight, and the messages after it in the same receive, in order. Two receives that race for one
 * group: the second skips the locked first message, and sees that the next is not its group's first.
 */
final class FifoClaims {
    private static final String HEADS = "SELECT " + Row.COLUMNS + " FROM wharf_message m WHERE queue_id = ? "
            + "AND visible_at <= ? AND id > ? AND sent_at > ? AND (expires_at = 0 OR expires_at > ?) "
            + "AND NOT EXISTS (SELECT 1 FROM wharf_message p WHERE p.queue_id = m.queue_id "
            + "AND p.group_id = m.group_id AND p.id < m.id AND p.sent_at > ? AND (p.expires_at = 0 OR p.expires_at > ?)) "
            + "AND NOT EXISTS (SELECT 1 FROM wharf_message f WHERE f.queue_id = m.queue_id "
            + "AND f.group_id = m.group_id AND f.leased AND f.visible_at > ? AND f.sent_at > ? "
            + "AND (f.expires_at = 0 OR f.expires_at > ?)) "
            + "ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED";
    private static final String REST = "SELECT " + Row.COLUMNS + " FROM wharf_message WHERE queue_id = ? "
            + "AND group_id = ? AND id > ? ORDER BY id LIMIT ? FOR UPDATE";

    private FifoClaims() {
    }

    /**
     * Takes up to {@code max} messages of FIFO queue {@code q} in {@code u} into {@code taken};
     * those met that expired go to {@code gone}, those received {@code maxReceiveCount} times (0:
     * no redrive) to {@code dead}. A filtered claim reads {@code page} heads at a time.
     */
    static void claim(Unit u, Queues.Queue q, int max, int page, Predicate<MessageHeaders> filter, long retention,
                      int maxReceiveCount, List<Row> taken, List<Row> gone, List<Row> dead) throws SQLException {
        long after = 0;
        int headsPage = filter == null ? max : page;
        java.util.Set<String> groups = new java.util.HashSet<>();
        while (taken.size() < max) {
            List<Row> heads = Row.select(u, HEADS, q.id(), u.now, after, u.now - retention, u.now,
                    u.now - retention, u.now, u.now, u.now - retention, u.now, headsPage);
            for (Row head : heads) {
                after = head.id();
                if (taken.size() == max) {
                    break;
                }
                if (!groups.add(head.groupId())) {
                    continue;
                }
                takeGroup(u, q, head, max, page, filter, retention, maxReceiveCount, taken, gone, dead);
            }
            if (heads.size() < headsPage) {
                break;
            }
        }
    }

    /** Takes the head of a group and the messages after it while they are visible, a page at a time. */
    private static void takeGroup(Unit u, Queues.Queue q, Row head, int max, int page, Predicate<MessageHeaders> filter,
                                  long retention, int maxReceiveCount, List<Row> taken, List<Row> gone, List<Row> dead)
            throws SQLException {
        List<Row> rows = List.of(head);
        while (true) {
            for (Row row : rows) {
                if (taken.size() == max || row.visibleAt() > u.now) {
                    return;
                }
                if (row.expired(u.now, retention)) {
                    gone.add(row);
                } else if (maxReceiveCount > 0 && row.receiveCount() >= maxReceiveCount) {
                    dead.add(row);
                } else if (filter == null || filter.test(row)) {
                    taken.add(row);
                } else {
                    return;
                }
            }
            long after = rows.get(rows.size() - 1).id();
            rows = Row.select(u, REST, q.id(), head.groupId(), after, page);
            if (rows.isEmpty()) {
                return;
            }
        }
    }
}
