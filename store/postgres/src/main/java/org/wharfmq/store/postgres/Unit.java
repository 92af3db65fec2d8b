package org.wharfmq.store.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One transaction's work as the store's parts see it: its connection, its time, and what to do
 * once it has committed (wake the receives of a queue, count what it did), which a rollback drops.
 */
final class Unit {
    /** Work in a unit. */
    @FunctionalInterface
    interface Work<T> {
        T run(Unit u) throws SQLException;
    }

    final Connection c;
    final long now;
    /** The queues this unit has looked up, by URL ({@link Queues#find(Unit, String)}). */
    final Map<String, Queues.Queue> queues = new HashMap<>();
    /** Statements whose batches wait for {@link #flush}, by their SQL. */
    private final Map<String, PreparedStatement> batches = new LinkedHashMap<>();
    private final Set<Integer> woken = new LinkedHashSet<>();
    private final List<long[]> counts = new ArrayList<>();
    private final List<long[]> timed = new ArrayList<>();
    /** Whether {@link #wrote} noted a write a crash may lose, and one it may not. */
    private boolean mayLose;
    private boolean mustWait;

    Unit(Connection c, long now) {
        this.c = c;
        this.now = now;
    }

    /**
     * A statement of this unit to add a batch to, sent by {@link #flush}: for writes that nothing
     * in the unit reads back before its end.
     */
    PreparedStatement batch(String sql) throws SQLException {
        PreparedStatement s = batches.get(sql);
        if (s == null) {
            s = c.prepareStatement(sql);
            batches.put(sql, s);
        }
        return s;
    }

    /** Sends the batches of {@link #batch}, in the order their statements were first asked for. */
    void flush() throws SQLException {
        for (PreparedStatement s : batches.values()) {
            try (s) {
                s.executeBatch();
            }
        }
        batches.clear();
        if (mayLose && !mustWait) {
            mayLoseOnCrash();
            mayLose = false;
        }
    }

    /**
     * Notes a receive's or a delete's write, and whether a crash of the server may lose it. If
     * every write noted may, the unit commits without waiting for the disk. Only for a unit in which
     * nothing else writes: a write not noted here does not make it wait.
     */
    void wrote(boolean mayLoseOnCrash) {
        if (mayLoseOnCrash) {
            mayLose = true;
        } else {
            mustWait = true;
        }
    }

    /**
     * Commits this unit without waiting for the server's disk: for work a crash of the server may
     * lose, as it may a NON_PERSISTENT message. A later commit that waits covers it too.
     */
    void mayLoseOnCrash() throws SQLException {
        mayLoseOnCrash(c);
    }

    /** Lets the transaction open on {@code c} commit without waiting for the server's disk. */
    static void mayLoseOnCrash(Connection c) throws SQLException {
        try (java.sql.Statement s = c.createStatement()) {
            s.execute("SET LOCAL synchronous_commit TO off");
        }
    }

    /** Wakes the receives of {@code queueId} after the commit. */
    void wake(int queueId) {
        woken.add(queueId);
    }

    /**
     * Wakes the receives of {@code queueId} at {@code at} (the store's time), when a delay or
     * visibility timeout ends; after the commit if that time has come.
     */
    void wakeAt(int queueId, long at) {
        if (at <= now) {
            wake(queueId);
        } else {
            timed.add(new long[] {queueId, at});
        }
    }

    /**
     * Wakes the receives of {@code queueId} when a message sent at {@code sentAt} with {@code delay}
     * ms of delay becomes visible: after the commit if it has none ({@code sentAt}, read from the
     * clock after this unit began, may be a little later than {@link #now}).
     */
    void wakeWhenSent(int queueId, long sentAt, long delay) {
        if (delay <= 0) {
            wake(queueId);
        } else {
            wakeAt(queueId, sentAt + delay);
        }
    }

    /** Adds {@code n} to a counter of {@link Counters} after the commit. */
    void count(int queueId, int counter, long n) {
        counts.add(new long[] {queueId, counter, n});
    }

    /** Runs what waits for the commit; call once it is done. */
    void committed(PgContext ctx) {
        for (long[] n : counts) {
            ctx.counters().add((int) n[0], (int) n[1], n[2]);
        }
        woken.forEach(ctx.wakeups()::arrived);
        long now = ctx.now();
        for (long[] t : timed) {
            ctx.wakeups().arrivesIn((int) t[0], t[1] - now);
        }
    }
}
