package org.wharfmq.store.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wakes receives that wait on a queue. A change in this process wakes them at once; a change in
 * another process reaches them by NOTIFY, sent after the change commits, a few queues at a time
 * by one thread, so that no sending transaction takes NOTIFY's lock, in a transaction that does not
 * wait for its WAL flush (so that it costs no fsync). A notice is only a hint: a
 * waiting receive looks again at least every {@link #POLL_MILLIS} ms, so a lost notice (the
 * listener's connection was down) costs at most that.
 */
final class Wakeups implements AutoCloseable {
    static final long POLL_MILLIS = 1_000;
    /** The most characters of queue ids in one notice. */
    private static final int NOTICE_IDS = 4_000;
    private static final Logger LOG = LoggerFactory.getLogger(Wakeups.class);

    /** One queue's waiters: a counter that grows with each wake-up. */
    static final class Signal {
        private long generation;

        synchronized long generation() {
            return generation;
        }

        synchronized void fire() {
            generation++;
            notifyAll();
        }

        /** Waits until the generation moves past {@code seen}, {@code millis} pass, or {@code cancelled}. */
        synchronized void await(long seen, long millis) throws InterruptedException {
            if (generation == seen && millis > 0) {
                wait(millis);
            }
        }
    }

    private final Database db;
    private final String channel;
    /** Names this process in its notices, so that it skips its own. */
    private final String self = java.util.UUID.randomUUID().toString();
    /** Told of every wake-up of a queue, by id, from this process or another; -1: notices may have been lost. */
    private final java.util.List<java.util.function.IntConsumer> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.concurrent.ScheduledExecutorService timers =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "wharf-pg-timers");
                t.setDaemon(true);
                return t;
            });
    private final ConcurrentHashMap<Integer, Signal> signals = new ConcurrentHashMap<>();
    private final Set<Integer> toNotify = ConcurrentHashMap.newKeySet();
    private final Object notifierLock = new Object();
    private volatile boolean closed;
    private final Thread listener;
    private final Thread notifier;

    Wakeups(Database db) {
        this.db = db;
        this.channel = "wharf_" + db.settings().schema();
        this.listener = new Thread(this::listen, "wharf-pg-listen-" + db.settings().schema());
        this.notifier = new Thread(this::notifyOthers, "wharf-pg-notify-" + db.settings().schema());
        listener.setDaemon(true);
        notifier.setDaemon(true);
    }

    void start() {
        listener.start();
        notifier.start();
    }

    Signal signal(int queueId) {
        return signals.computeIfAbsent(queueId, id -> new Signal());
    }

    /** Tells {@code listener} of every wake-up from now on. */
    void listen(java.util.function.IntConsumer listener) {
        listeners.add(listener);
    }

    /** Wakes the queue {@code millis} from now, when a delay or visibility timeout set by this process ends. */
    void arrivesIn(int queueId, long millis) {
        if (!closed) {
            // A little late rather than early: the wall clock and the timer's may differ by a millisecond.
            timers.schedule(() -> arrived(queueId), Math.max(0, millis) + 5, TimeUnit.MILLISECONDS);
        }
    }

    /** After a commit that may let a receive of {@code queueId} find a message. */
    void arrived(int queueId) {
        Signal s = signals.get(queueId);
        if (s != null) {
            s.fire();
        }
        tell(queueId);
        if (toNotify.add(queueId)) {
            synchronized (notifierLock) {
                notifierLock.notifyAll();
            }
        }
    }

    /**
     * Waits for a wake-up of {@code queueId} after generation {@code seen}, at most {@code millis}
     * and at most {@link #POLL_MILLIS}; returns false once {@code cancelled} is true.
     */
    boolean await(int queueId, long seen, long millis, BooleanSupplier cancelled) throws InterruptedException {
        if (cancelled != null && cancelled.getAsBoolean()) {
            return false;
        }
        signal(queueId).await(seen, Math.min(millis, POLL_MILLIS));
        return cancelled == null || !cancelled.getAsBoolean();
    }

    /** Wakes every waiter of {@code queueId} in this process, so that it checks its cancellation. */
    void wakeLocal(int queueId) {
        signal(queueId).fire();
    }

    private void listen() {
        while (!closed) {
            try (Connection c = db.dedicated("LISTEN")) {
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + channel);
                }
                // Notices may have been lost while no listener was connected.
                signals.values().forEach(Signal::fire);
                tell(-1);
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] notices = pg.getNotifications(500);
                    if (notices == null) {
                        continue;
                    }
                    for (PGNotification n : notices) {
                        try {
                            String[] notice = n.getParameter().split(":", 2);
                            if (notice.length == 2 && notice[1].equals(self)) {
                                // This process's own change: its waiters were woken when it committed.
                                continue;
                            }
                            for (String queue : notice[0].split(",")) {
                                int id = Integer.parseInt(queue);
                                Signal s = signals.get(id);
                                if (s != null) {
                                    s.fire();
                                }
                                tell(id);
                            }
                        } catch (NumberFormatException e) {
                            // not ours
                        }
                    }
                }
                try (Statement s = c.createStatement()) {
                    s.execute("UNLISTEN " + channel);
                }
            } catch (SQLException | RuntimeException e) {
                if (!closed) {
                    LOG.debug("listener of {} lost its connection; retrying: {}", db.settings(), e.toString());
                    pause(1_000);
                }
            }
        }
    }

    private void notifyOthers() {
        while (!closed) {
            synchronized (notifierLock) {
                if (toNotify.isEmpty()) {
                    try {
                        notifierLock.wait(1_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    continue;
                }
            }
            try (Connection c = db.connection("NOTIFY")) {
                // A notice is a hint: its commit (which NOTIFY gives an xid) need not wait for an fsync.
                Unit.mayLoseOnCrash(c);
                // One notice names several queues, "id,id,...:sender", well inside NOTIFY's 8000 bytes.
                try (PreparedStatement s = c.prepareStatement("SELECT pg_notify(?, ?)")) {
                    StringBuilder ids = new StringBuilder();
                    for (Integer id : toNotify) {
                        toNotify.remove(id);
                        ids.append(ids.length() == 0 ? "" : ",").append(id);
                        if (ids.length() > NOTICE_IDS) {
                            notice(s, ids);
                        }
                    }
                    if (ids.length() > 0) {
                        notice(s, ids);
                    }
                    s.executeBatch();
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                if (!closed) {
                    pause(1_000);
                }
            }
        }
    }

    private void notice(PreparedStatement s, StringBuilder ids) throws SQLException {
        s.setString(1, channel);
        s.setString(2, ids + ":" + self);
        s.addBatch();
        ids.setLength(0);
    }

    private void tell(int queueId) {
        for (java.util.function.IntConsumer l : listeners) {
            l.accept(queueId);
        }
    }

    private void pause(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        timers.shutdownNow();
        listener.interrupt();
        notifier.interrupt();
        signals.values().forEach(Signal::fire);
        try {
            listener.join(2_000);
            notifier.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
