package org.wharfmq.jms.management;

import javax.management.ConstructorParameters;

/**
 * One queue with its counts and dead-letter queue, as {@link StoreMXBean#listQueueRows} gives it (an
 * MXBean composite, which a proxy rebuilds through the annotated constructor).
 */
public final class QueueRow {
    private final String name;
    private final boolean fifo;
    private final long visible;
    private final boolean counting;
    private final long notVisible;
    private final long delayed;
    private final long oldestAgeSeconds;
    private final String deadLetterQueue;
    private final int maxReceiveCount;

    @ConstructorParameters({"name", "fifo", "visible", "counting", "notVisible", "delayed", "oldestAgeSeconds",
            "deadLetterQueue", "maxReceiveCount"})
    public QueueRow(String name, boolean fifo, long visible, boolean counting, long notVisible, long delayed,
                    long oldestAgeSeconds, String deadLetterQueue, int maxReceiveCount) {
        this.name = name;
        this.fifo = fifo;
        this.visible = visible;
        this.counting = counting;
        this.notVisible = notVisible;
        this.delayed = delayed;
        this.oldestAgeSeconds = oldestAgeSeconds;
        this.deadLetterQueue = deadLetterQueue;
        this.maxReceiveCount = maxReceiveCount;
    }

    public String getName() {
        return name;
    }

    public boolean isFifo() {
        return fifo;
    }

    /** ApproximateNumberOfMessagesVisible. */
    public long getVisible() {
        return visible;
    }

    /**
     * Whether the store, lately opened, is still counting the queue's messages on disk: until then
     * {@link #getVisible} is a lower bound.
     */
    public boolean isCounting() {
        return counting;
    }

    /** ApproximateNumberOfMessagesNotVisible: received, not yet deleted. */
    public long getNotVisible() {
        return notVisible;
    }

    /** ApproximateNumberOfMessagesDelayed. */
    public long getDelayed() {
        return delayed;
    }

    /** ApproximateAgeOfOldestMessage; -1 where the backend cannot tell (SQS). */
    public long getOldestAgeSeconds() {
        return oldestAgeSeconds;
    }

    /** The dead-letter queue of the queue's RedrivePolicy; empty without one. */
    public String getDeadLetterQueue() {
        return deadLetterQueue;
    }

    /** The maxReceiveCount of the queue's RedrivePolicy; 0 without one. */
    public int getMaxReceiveCount() {
        return maxReceiveCount;
    }
}
