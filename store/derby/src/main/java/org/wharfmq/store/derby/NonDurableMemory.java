package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.OVER_LIMIT;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.derby.index.QueueState;

/**
 * The memory that non-durable messages hold against the store's limit, and the pace of
 * non-durable senders to a queue whose consumers are behind. Its senders wait on a condition of
 * the index's lock; every verb is under that lock.
 */
final class NonDurableMemory {
    /** What a message kept in memory costs beside its payload: its index entry and map slots. */
    static final int OVERHEAD = 160;
    /** Visible messages beyond which a non-durable sender waits for the queue's active consumers. */
    static final int PACE_HIGH = 100;
    static final int PACE_LOW = 50;
    private static final long PACE_IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** How many bytes non-durable messages may hold in memory, and how long a send waits for room. */
    record Limit(long bytes, long waitMillis) {
    }

    private final QueueIndex index;
    private final ReentrantLock lock;
    private final Condition freed;
    private final Limit limit;
    /** Bytes that messages kept in memory hold: payloads and {@link #OVERHEAD} each. */
    private long used;

    NonDurableMemory(QueueIndex index, ReentrantLock lock, Limit limit) {
        this.index = index;
        this.lock = lock;
        this.freed = lock.newCondition();
        this.limit = limit;
    }

    /**
     * Takes {@code bytes} of the in-memory limit for a non-durable send, waiting with the lock
     * released while the limit is reached. Returns whether it had to wait (the caller must then
     * look again at what it decided). A message alone over the limit is taken when memory is empty.
     */
    boolean reserve(long bytes) {
        assert index.locked();
        boolean waited = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limit.waitMillis());
        while (used > 0 && used + bytes > limit.bytes()) {
            index.checkOpen();
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new QueueServiceException(OVER_LIMIT, "non-durable messages hold " + used
                        + " bytes of the store's in-memory limit of " + limit.bytes() + " bytes (option "
                        + DerbyProvider.IN_MEMORY_MB + "); this send waited " + limit.waitMillis()
                        + " ms (option " + DerbyProvider.IN_MEMORY_WAIT + ") for consumers to take some");
            }
            waited = true;
            try {
                freed.awaitNanos(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new QueueServiceException(OVER_LIMIT, "a send interrupted while waiting for in-memory room");
            }
        }
        index.checkOpen();
        used += bytes;
        return waited;
    }

    /** Gives back memory that {@link #reserve} took, and wakes the senders waiting for it. */
    void release(long bytes) {
        assert index.locked();
        used -= bytes;
        if (lock.hasWaiters(freed)) {
            freed.signalAll();
        }
    }

    /**
     * Holds a non-durable sender to {@code q} while its consumers are behind: more than
     * {@link #PACE_HIGH} messages visible and a receive on it in the last second. It goes on once a
     * receive leaves {@link #PACE_LOW} or fewer ({@link #paced}), or its consumers have been idle for
     * a second. This keeps a NON_PERSISTENT backlog, and so its latency, short without slowing the
     * consumers, who set the rate. Returns whether it waited (the lock was released).
     */
    boolean pace(QueueState q) {
        assert index.locked();
        boolean waited = false;
        while (q.queued() > PACE_HIGH && index.queues().isLive(q) && !index.isClosed()) {
            long idleIn = q.lastReceiveNanos + PACE_IDLE_NANOS - System.nanoTime();
            if (idleIn <= 0) {
                break;
            }
            waited = true;
            try {
                freed.awaitNanos(idleIn);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return waited;
    }

    /** Wakes paced senders once a receive has brought {@code q} down to {@link #PACE_LOW}. */
    void paced(QueueState q) {
        assert index.locked();
        if (q.queued() <= PACE_LOW && lock.hasWaiters(freed)) {
            freed.signalAll();
        }
    }

    /** Wakes every waiting sender, when the store closes. */
    void wakeAll() {
        freed.signalAll();
    }
}
