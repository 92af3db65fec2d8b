package org.wharfmq.jms.management;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import jakarta.jms.JMSException;

/**
 * A queue's {@link QueueMXBean}. JMX consoles read attributes one by one: the figures are read from
 * the store once for all of them and kept for a second.
 */
final class QueueBean implements QueueMXBean {
    private static final long FRESH_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final StoreMBeans store;
    private final String name;
    private Map<String, Long> figures;
    private long readAt;

    QueueBean(StoreMBeans store, String name) {
        this.store = store;
        this.name = name;
    }

    private synchronized long figure(String metric) {
        long now = System.nanoTime();
        if (figures == null || now - readAt > FRESH_NANOS) {
            try {
                figures = store.statistics(name);
            } catch (JMSException e) {
                throw new IllegalStateException("queue " + name + ": " + e.getMessage(), e);
            }
            readAt = now;
        }
        return figures.get(metric);
    }

    @Override
    public long getApproximateNumberOfMessagesVisible() {
        return figure("ApproximateNumberOfMessagesVisible");
    }

    @Override
    public boolean isCounting() {
        try {
            return store.counting(name);
        } catch (JMSException e) {
            throw new IllegalStateException("queue " + name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long getApproximateNumberOfMessagesNotVisible() {
        return figure("ApproximateNumberOfMessagesNotVisible");
    }

    @Override
    public long getApproximateNumberOfMessagesDelayed() {
        return figure("ApproximateNumberOfMessagesDelayed");
    }

    @Override
    public long getApproximateAgeOfOldestMessage() {
        return figure("ApproximateAgeOfOldestMessage");
    }

    @Override
    public long getNumberOfMessagesSent() {
        return figure("NumberOfMessagesSent");
    }

    @Override
    public long getNumberOfMessagesReceived() {
        return figure("NumberOfMessagesReceived");
    }

    @Override
    public long getNumberOfMessagesDeleted() {
        return figure("NumberOfMessagesDeleted");
    }

    @Override
    public long getNumberOfEmptyReceives() {
        return figure("NumberOfEmptyReceives");
    }

    @Override
    public long getNumberOfDeduplicatedSentMessages() {
        return figure("NumberOfDeduplicatedSentMessages");
    }

    @Override
    public long getNumberOfMessagesMovedToDeadLetterQueue() {
        return figure("NumberOfMessagesMovedToDeadLetterQueue");
    }
}
