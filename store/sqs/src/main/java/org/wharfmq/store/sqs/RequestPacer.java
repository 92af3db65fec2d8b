package org.wharfmq.store.sqs;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.wharfmq.store.model.Names;

/**
 * Keeps this store's message requests within a server's per-queue quotas, by spacing them evenly:
 * Yandex Message Queue allows per queue and per kind of request (send, receive, delete, visibility)
 * 300 calls a second on a standard queue and 30 on a FIFO queue, and answers more with
 * ThrottlingException. A request waits for its turn instead; the pacer aims at 95% of the quota so
 * that a server counting in whole seconds does not see a late request in the next one's place.
 */
final class RequestPacer {
    /** The kinds of request a quota counts apart. */
    enum Kind {
        SEND, RECEIVE, DELETE, VISIBILITY
    }

    /** No pacing. */
    static final RequestPacer OFF = new RequestPacer(0, 0);
    /** Yandex Message Queue's documented quotas. */
    static final RequestPacer YMQ = new RequestPacer(300, 30);

    private final long standardIntervalNanos;
    private final long fifoIntervalNanos;
    /** Per queue and kind, the earliest time the next request may go. */
    private final Map<String, AtomicLong> next = new ConcurrentHashMap<>();

    private RequestPacer(int standardPerSecond, int fifoPerSecond) {
        this.standardIntervalNanos = interval(standardPerSecond);
        this.fifoIntervalNanos = interval(fifoPerSecond);
    }

    private static long interval(int perSecond) {
        return perSecond == 0 ? 0 : (long) (1e9 / (perSecond * 0.95));
    }

    /** Waits until a request of {@code kind} to {@code queueUrl} may go, and takes that turn. */
    void pace(String queueUrl, Kind kind) {
        long interval = Names.isFifo(ServerQueues.name(queueUrl)) ? fifoIntervalNanos : standardIntervalNanos;
        if (interval == 0) {
            return;
        }
        AtomicLong slot = next.computeIfAbsent(queueUrl + ' ' + kind, k -> new AtomicLong(Long.MIN_VALUE));
        long now = System.nanoTime();
        long turn;
        while (true) {
            long free = slot.get();
            turn = free == Long.MIN_VALUE || free - now < 0 ? now : free;
            if (slot.compareAndSet(free, turn + interval)) {
                break;
            }
        }
        long wait = turn - now;
        while (wait > 0 && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(wait);
            wait = turn - System.nanoTime();
        }
    }
}
