package org.wharfmq.store.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
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
    private final Set<Integer> woken = new LinkedHashSet<>();
    private final List<long[]> counts = new ArrayList<>();
    private final List<long[]> timed = new ArrayList<>();

    Unit(Connection c, long now) {
        this.c = c;
        this.now = now;
    }

    /** Wakes the receives of {@code queueId} after the commit. */
    void wake(int queueId) {
        woken.add(queueId);
    }

    /** Wakes the receives of {@code queueId} at {@code at} (the store's time), when a delay or visibility timeout ends. */
    void wakeAt(int queueId, long at) {
        timed.add(new long[] {queueId, at});
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
