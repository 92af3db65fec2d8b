package org.wharfmq.store.sqs.testing;

import java.time.InstantSource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Rule 6, calls per second: YMQ's
 * <a href="https://github.com/yandex-cloud/docs/blob/master/en/_includes/message-queue/ymq-limits.md">quotas and limits</a>
 * (shown on {@code en/message-queue/concepts/limits.md}) allow per queue 300 calls a second on a
 * standard queue and 30 on a FIFO queue, counted apart for SendMessage(Batch), ReceiveMessage,
 * DeleteMessage(Batch) and ChangeMessageVisibility(Batch). Counted in windows of one second of the
 * relay's clock. The per-cloud quotas (CreateQueue 2/s, DeleteQueue 5/s, others 100/s) are not enforced.
 */
final class YmqRateLimits {
    private final InstantSource clock;
    private final int standardPerSecond;
    private final int fifoPerSecond;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final AtomicLong refused = new AtomicLong();

    YmqRateLimits(InstantSource clock, int standardPerSecond, int fifoPerSecond) {
        this.clock = clock;
        this.standardPerSecond = standardPerSecond;
        this.fifoPerSecond = fifoPerSecond;
    }

    /** The counted family of an action, or null for an action without a per-queue quota. */
    static String family(String action) {
        return switch (action) {
            case "SendMessage", "SendMessageBatch" -> "send";
            case "ReceiveMessage" -> "receive";
            case "DeleteMessage", "DeleteMessageBatch" -> "delete";
            case "ChangeMessageVisibility", "ChangeMessageVisibilityBatch" -> "visibility";
            default -> null;
        };
    }

    /** Counts a call on the queue; false when it is over the queue's quota for this second. */
    boolean admit(String queueName, String family) {
        int limit = queueName.endsWith(".fifo") ? fifoPerSecond : standardPerSecond;
        long second = clock.instant().getEpochSecond();
        boolean admitted = windows.computeIfAbsent(queueName + " " + family, k -> new Window()).admit(second, limit);
        if (!admitted) {
            refused.incrementAndGet();
        }
        return admitted;
    }

    /** The calls refused so far. */
    long refused() {
        return refused.get();
    }

    private static final class Window {
        private long second = Long.MIN_VALUE;
        private int calls;

        synchronized boolean admit(long now, int limit) {
            if (now != second) {
                second = now;
                calls = 0;
            }
            if (calls >= limit) {
                return false;
            }
            calls++;
            return true;
        }
    }
}
