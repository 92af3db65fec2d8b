package org.wharfmq.jms.gateway;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A queue attribute as this gateway last read it, kept for at most {@link #KEEP_NANOS}: so that a
 * change made through another store client, another process on a shared store among them, is seen
 * within 10 s, without a read on every use. A change made through this gateway is seen at once
 * ({@link #forget}).
 */
final class QueueAttributeCache<T> {
    static final long KEEP_NANOS = 10_000_000_000L;

    private record Known<T>(T value, long readAt) {
    }

    private final Map<String, Known<T>> byQueue = new ConcurrentHashMap<>();

    /** The value for {@code queueUrl}, read by {@code read} when unknown or older than 10 s; a null read is not kept. */
    T get(String queueUrl, Function<String, T> read) {
        Known<T> k = byQueue.get(queueUrl);
        long now = System.nanoTime();
        if (k != null && now - k.readAt() < KEEP_NANOS) {
            return k.value();
        }
        T value = read.apply(queueUrl);
        if (value != null) {
            byQueue.put(queueUrl, new Known<>(value, now));
        }
        return value;
    }

    void forget(String queueUrl) {
        byQueue.remove(queueUrl);
    }
}
