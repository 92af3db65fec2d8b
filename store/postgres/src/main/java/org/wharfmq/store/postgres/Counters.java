package org.wharfmq.store.postgres;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The Number* figures of {@link org.wharfmq.store.QueueStatistics}, counted by this open store for
 * what it did itself (the contract's "since this store was opened in this process"), by queue id.
 */
final class Counters {
    static final int SENT = 0;
    static final int RECEIVED = 1;
    static final int DELETED = 2;
    static final int EMPTY_RECEIVES = 3;
    static final int DEDUPLICATED = 4;
    static final int MOVED_TO_DLQ = 5;

    private final ConcurrentHashMap<Integer, LongAdder[]> byQueue = new ConcurrentHashMap<>();

    void add(int queueId, int counter, long n) {
        if (n != 0) {
            of(queueId)[counter].add(n);
        }
    }

    long get(int queueId, int counter) {
        LongAdder[] a = byQueue.get(queueId);
        return a == null ? 0 : a[counter].sum();
    }

    private LongAdder[] of(int queueId) {
        return byQueue.computeIfAbsent(queueId, id -> {
            LongAdder[] a = new LongAdder[6];
            for (int i = 0; i < a.length; i++) {
                a[i] = new LongAdder();
            }
            return a;
        });
    }
}
