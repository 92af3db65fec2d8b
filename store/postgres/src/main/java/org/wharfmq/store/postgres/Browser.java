package org.wharfmq.store.postgres;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.ReceivedMessage;

/** A QueueBrowser's reads: the visible messages of a queue in delivery order, claiming none. */
final class Browser {
    /** Rows read from the server at a time. */
    private static final int PAGE = 200;

    private final PgContext ctx;
    private final Queues queues;

    Browser(PgContext ctx, Queues queues) {
        this.ctx = ctx;
        this.queues = queues;
    }

    /** Up to {@code max} visible messages in delivery order, locking nothing and changing nothing. */
    List<ReceivedMessage> browse(String queueUrl, Predicate<MessageHeaders> filter, int max) {
        return ctx.run("Browse", u -> {
            Queues.Queue q = queues.find(u, queueUrl);
            long retention = q.config().messageRetentionPeriod() * 1000L;
            String sql = "SELECT " + Row.COLUMNS + " FROM wharf_message WHERE queue_id = ? AND visible_at <= ? "
                    + (q.fifo() ? "ORDER BY id" : "ORDER BY priority DESC, id");
            List<ReceivedMessage> out = new ArrayList<>();
            try (PreparedStatement s = u.c.prepareStatement(sql)) {
                s.setFetchSize(PAGE);
                s.setInt(1, q.id());
                s.setLong(2, u.now);
                try (ResultSet r = s.executeQuery()) {
                    while (out.size() < max && r.next()) {
                        Row row = Row.read(r);
                        if (!row.expired(u.now, retention) && (filter == null || filter.test(row))) {
                            out.add(row.toMessage(q.fifo(), false));
                        }
                    }
                }
            }
            return out;
        });
    }
}
