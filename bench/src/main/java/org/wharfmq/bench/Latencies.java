package org.wharfmq.bench;

import java.util.Arrays;

/** End-to-end latencies in nanoseconds, kept in a growable array; percentiles by sorting. */
final class Latencies {
    private long[] values = new long[1024];
    private int size;

    synchronized void add(long nanos) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = nanos;
    }

    synchronized void addAll(Latencies other) {
        synchronized (other) {
            for (int i = 0; i < other.size; i++) {
                add(other.values[i]);
            }
        }
    }

    /** The {@code p}-th percentile (0..100) in milliseconds; NaN when empty. */
    synchronized double percentileMillis(double p) {
        if (size == 0) {
            return Double.NaN;
        }
        long[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        int i = (int) Math.ceil(p / 100.0 * size) - 1;
        return sorted[Math.max(0, Math.min(size - 1, i))] / 1e6;
    }
}
