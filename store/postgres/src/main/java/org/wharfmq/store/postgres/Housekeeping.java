package org.wharfmq.store.postgres;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.QueueServiceException;

/**
 * What an open store does in the background, on the tables all processes share:
 * <ul>
 * <li>every {@link #BEAT_SECONDS} s it marks itself alive in {@code wharf_instance} (by the wall clock);
 * <li>it removes what a store found dead (not seen for {@link #DEAD_AFTER_MILLIS} ms) owned: its
 * non-durable subscriptions, and the holds of XA branches it never prepared;
 * <li>every minute it deletes the messages gone by retention or expiration that no receive met, and
 * deduplication keys and receive attempts past their windows.
 * </ul>
 */
final class Housekeeping implements AutoCloseable {
    static final int BEAT_SECONDS = 5;
    static final long DEAD_AFTER_MILLIS = 30_000;
    private static final Logger LOG = LoggerFactory.getLogger(Housekeeping.class);

    private final PgContext ctx;
    private final Queues queues;
    private final PgTopics topics;
    private final PgXa xa;
    private final ScheduledExecutorService timer;

    Housekeeping(PgContext ctx, Queues queues, PgTopics topics, PgXa xa) {
        this.ctx = ctx;
        this.queues = queues;
        this.topics = topics;
        this.xa = xa;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "wharf-pg-housekeeping-" + ctx.db().settings().schema());
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        beat();
        timer.scheduleWithFixedDelay(this::beatQuietly, BEAT_SECONDS, BEAT_SECONDS, TimeUnit.SECONDS);
        timer.scheduleWithFixedDelay(this::sweepQuietly, 60, 60, TimeUnit.SECONDS);
    }

    private void beatQuietly() {
        try {
            beat();
            for (String dead : deadInstances()) {
                topics.dropOwnedBy(dead);
                xa.releaseOrphans(dead);
                ctx.run("forget a dead store", u -> {
                    try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_instance WHERE id = ?")) {
                        s.setString(1, dead);
                        s.executeUpdate();
                    }
                    return null;
                });
            }
        } catch (QueueServiceException e) {
            LOG.debug("housekeeping of {} failed, trying again: {}", ctx.db().settings(), e.getMessage());
        }
    }

    private void beat() {
        long now = System.currentTimeMillis();
        ctx.run("heartbeat", u -> {
            try (PreparedStatement s = u.c.prepareStatement("INSERT INTO wharf_instance VALUES (?, ?, ?) "
                    + "ON CONFLICT (id) DO UPDATE SET seen_at = EXCLUDED.seen_at")) {
                s.setString(1, ctx.instance());
                s.setLong(2, now);
                s.setLong(3, now);
                s.executeUpdate();
            }
            return null;
        });
    }

    /** The open stores not seen for a while, and the owners of non-durable subscriptions and XA holds that no longer beat. */
    private List<String> deadInstances() {
        long cutoff = System.currentTimeMillis() - DEAD_AFTER_MILLIS;
        return ctx.run("find dead stores", u -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement s = u.c.prepareStatement("SELECT id FROM wharf_instance WHERE seen_at < ? UNION "
                    + "SELECT DISTINCT owner FROM wharf_queue q WHERE owner IS NOT NULL "
                    + "AND NOT EXISTS (SELECT 1 FROM wharf_instance i WHERE i.id = q.owner) UNION "
                    + "SELECT DISTINCT instance FROM wharf_xa_hold h WHERE instance IS NOT NULL "
                    + "AND NOT EXISTS (SELECT 1 FROM wharf_instance i WHERE i.id = h.instance)")) {
                s.setLong(1, cutoff);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(r.getString(1));
                    }
                }
            }
            return out;
        });
    }

    private void sweepQuietly() {
        try {
            sweep();
        } catch (QueueServiceException e) {
            LOG.debug("sweep of {} failed, trying again: {}", ctx.db().settings(), e.getMessage());
        }
    }

    /** Deletes, queue by queue, what has outlived its queue's windows. */
    void sweep() {
        List<Queues.Queue> all = ctx.run("sweep", u -> {
            List<Queues.Queue> out = new ArrayList<>();
            try (PreparedStatement s = u.c.prepareStatement("SELECT id, name, fifo, kind, attributes, created_at, "
                    + "modified_at, last_purge, topic, subscription, tag FROM wharf_queue");
                 ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(queues.read(r));
                }
            }
            return out;
        });
        for (Queues.Queue q : all) {
            ctx.run("sweep " + q.name(), u -> {
                try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_message WHERE queue_id = ? "
                        + "AND (sent_at <= ? OR expires_at BETWEEN 1 AND ?) AND NOT (leased AND visible_at = ?)")) {
                    s.setInt(1, q.id());
                    s.setLong(2, u.now - q.config().messageRetentionPeriod() * 1000L);
                    s.setLong(3, u.now);
                    s.setLong(4, PgXa.HELD);
                    s.executeUpdate();
                }
                try (PreparedStatement s = u.c.prepareStatement(
                        "DELETE FROM wharf_dedup WHERE queue_id = ? AND sent_at <= ?")) {
                    s.setInt(1, q.id());
                    s.setLong(2, u.now - q.config().deduplicationWindow() * 1000L);
                    s.executeUpdate();
                }
                try (PreparedStatement s = u.c.prepareStatement(
                        "DELETE FROM wharf_attempt WHERE queue_id = ? AND at <= ?")) {
                    s.setInt(1, q.id());
                    s.setLong(2, u.now - 300_000);
                    s.executeUpdate();
                }
                return null;
            });
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            ctx.run("leave", u -> {
                try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_instance WHERE id = ?")) {
                    s.setString(1, ctx.instance());
                    s.executeUpdate();
                }
                return null;
            });
        } catch (QueueServiceException e) {
            // found dead by another store later
        }
    }
}
