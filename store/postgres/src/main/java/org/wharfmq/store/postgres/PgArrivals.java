package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;

/**
 * Arrival notices for every process's changes: a watch hears the wake-ups of {@link Wakeups}, from
 * this process at once and from others by NOTIFY, and the timers each process sets for the delays
 * and visibility timeouts it began. Behind them, every {@value #TICK_SECONDS} s a watch of a queue
 * that has a message to receive hears a notice (and queues created again under a watched name are
 * found), for what a notice lost or a process that died would have told.
 */
final class PgArrivals implements ArrivalNotification, AutoCloseable {
    static final int TICK_SECONDS = 2;

    private final PgContext ctx;
    private final Queues queues;
    /** Watches by queue name. */
    private final Map<String, Set<Runnable>> watches = new ConcurrentHashMap<>();
    /** The ids the watched names had when last looked up. */
    private final Map<Integer, String> names = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wharf-pg-arrivals");
        t.setDaemon(true);
        return t;
    });

    PgArrivals(PgContext ctx, Queues queues) {
        this.ctx = ctx;
        this.queues = queues;
        ctx.wakeups().listen(this::woken);
        ticker.scheduleWithFixedDelay(this::tick, TICK_SECONDS, TICK_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public Watch watch(String queueUrl, Runnable onArrival) {
        String name = Names.nameOfUrl(queueUrl);
        int id = ctx.run("watch", u -> {
            Queues.Queue q = queues.named(u.c, name, false);
            if (q == null) {
                throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "queue " + name + " does not exist");
            }
            return q.id();
        });
        names.put(id, name);
        Runnable once = () -> onArrival.run();
        watches.computeIfAbsent(name, n -> ConcurrentHashMap.newKeySet()).add(once);
        return () -> {
            Set<Runnable> w = watches.get(name);
            if (w != null) {
                w.remove(once);
            }
        };
    }

    private void woken(int queueId) {
        if (queueId < 0) {
            watches.values().forEach(PgArrivals::fire);
            return;
        }
        String name = names.get(queueId);
        if (name != null) {
            fire(watches.get(name));
        }
    }

    private static void fire(Set<Runnable> set) {
        if (set != null) {
            set.forEach(Runnable::run);
        }
    }

    private void tick() {
        List<String> watched = new ArrayList<>();
        watches.forEach((name, set) -> {
            if (!set.isEmpty()) {
                watched.add(name);
            }
        });
        if (watched.isEmpty()) {
            return;
        }
        List<String> receivable = new ArrayList<>();
        try {
            ctx.run("arrivals", u -> {
                try (PreparedStatement s = u.c.prepareStatement("SELECT q.id, q.name, EXISTS (SELECT 1 "
                        + "FROM wharf_message m WHERE m.queue_id = q.id AND m.visible_at <= ?) "
                        + "FROM wharf_queue q WHERE q.name = ANY (?)")) {
                    s.setLong(1, u.now);
                    s.setArray(2, u.c.createArrayOf("text", watched.toArray(new String[0])));
                    try (ResultSet r = s.executeQuery()) {
                        while (r.next()) {
                            names.put(r.getInt(1), r.getString(2));
                            if (r.getBoolean(3)) {
                                receivable.add(r.getString(2));
                            }
                        }
                    }
                }
                return null;
            });
        } catch (QueueServiceException e) {
            // the database is away: nothing is receivable until it is back
        }
        receivable.forEach(n -> fire(watches.get(n)));
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
