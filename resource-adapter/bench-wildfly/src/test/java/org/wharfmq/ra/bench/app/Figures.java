package org.wharfmq.ra.bench.app;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The latencies of the run under way, one at a time: each MDB adds the time from the send to its
 * {@code onMessage}. A message of another run (left from one that timed out) is counted apart.
 */
final class Figures {
    private static volatile Figures current;
    private static final AtomicLong OTHER_RUNS = new AtomicLong();

    private final int run;
    private final long[] latencies;
    private final AtomicInteger count = new AtomicInteger();
    private final AtomicInteger redelivered = new AtomicInteger();
    private final AtomicLong last = new AtomicLong();
    private final CountDownLatch all;

    private Figures(int run, int messages) {
        this.run = run;
        this.latencies = new long[messages];
        this.all = new CountDownLatch(messages);
    }

    static Figures start(int run, int messages) {
        Figures f = new Figures(run, messages);
        current = f;
        return f;
    }

    /** Called by the MDBs at the end of {@code onMessage}, with the latency taken at its start. */
    static void record(int run, long latencyNanos, boolean redelivered) {
        Figures f = current;
        if (f == null || f.run != run) {
            OTHER_RUNS.incrementAndGet();
            return;
        }
        long now = System.nanoTime();
        f.last.accumulateAndGet(now, Math::max);
        if (redelivered) {
            f.redelivered.incrementAndGet();
        }
        int i = f.count.getAndIncrement();
        if (i < f.latencies.length) {
            f.latencies[i] = latencyNanos;
            f.all.countDown();
        }
    }

    static long otherRuns() {
        return OTHER_RUNS.get();
    }

    boolean await(long seconds) throws InterruptedException {
        return all.await(seconds, TimeUnit.SECONDS);
    }

    /** {@link System#nanoTime()} at the end of the last {@code onMessage} so far. */
    long last() {
        return last.get();
    }

    int count() {
        return count.get();
    }

    int redelivered() {
        return redelivered.get();
    }

    /** The {@code p}-th percentile (0..100) of the recorded latencies, in milliseconds. */
    double percentileMillis(double p) {
        int n = Math.min(count.get(), latencies.length);
        if (n == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(latencies, n);
        Arrays.sort(sorted);
        int i = (int) Math.ceil(p / 100.0 * n) - 1;
        return sorted[Math.max(0, Math.min(n - 1, i))] / 1e6;
    }
}
