package org.wharfmq.store.sqs;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;

/**
 * How long each message this store received surely stays hidden: from the start of the
 * ReceiveMessage (or of the last ChangeMessageVisibility) that gave it its visibility, for that
 * request's timeout or the queue's. A delete refused as {@code ReceiptHandleIsInvalid} while its
 * message is surely hidden was done: only an earlier attempt of the same request, whose answer was
 * lost, can have spent the handle (ElasticMQ refuses such a retry; Amazon SQS answers it with success).
 */
final class InFlight {
    /** Left out of every visibility, for clocks and the requests' own time. */
    private static final long MARGIN_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Past this many entries, those older than SQS's longest visibility (12 h) are dropped. */
    private static final int PRUNE_AT = 100_000;
    private static final long LONGEST_NANOS = TimeUnit.HOURS.toNanos(12);

    /** Hidden from {@code sinceNanos} for {@code seconds}, or the queue's timeout when null. */
    private record Hidden(String queueUrl, long sinceNanos, Integer seconds) {
    }

    private final Map<String, Hidden> byHandle = new ConcurrentHashMap<>();
    private final ToIntFunction<String> queueTimeout;

    /** {@code queueTimeout} gives a queue's VisibilityTimeout by its URL. */
    InFlight(ToIntFunction<String> queueTimeout) {
        this.queueTimeout = queueTimeout;
    }

    /** A message received by a request that started at {@code sinceNanos}, with {@code seconds} (null: the queue's). */
    void received(String queueUrl, String handle, long sinceNanos, Integer seconds) {
        if (byHandle.size() >= PRUNE_AT) {
            long now = System.nanoTime();
            byHandle.values().removeIf(h -> now - h.sinceNanos() > LONGEST_NANOS);
        }
        byHandle.put(handle, new Hidden(queueUrl, sinceNanos, seconds));
    }

    /** A visibility change of {@code handle} that started at {@code sinceNanos}; 0 makes it visible. */
    void changed(String queueUrl, String handle, long sinceNanos, int seconds) {
        if (seconds == 0) {
            byHandle.remove(handle);
        } else {
            byHandle.put(handle, new Hidden(queueUrl, sinceNanos, seconds));
        }
    }

    /** The handle is spent: deleted, or refused. */
    void settled(String handle) {
        byHandle.remove(handle);
    }

    /** True if this store knows {@code handle}'s message is hidden now, and will be for a while. */
    boolean surelyHidden(String handle) {
        Hidden h = byHandle.get(handle);
        if (h == null) {
            return false;
        }
        int seconds = h.seconds() != null ? h.seconds() : queueTimeout.applyAsInt(h.queueUrl());
        return System.nanoTime() - h.sinceNanos() < TimeUnit.SECONDS.toNanos(seconds) - MARGIN_NANOS;
    }

    /** True if this store received {@code handle} and its visibility has ended (or nearly). */
    boolean visibilityEnded(String handle) {
        return byHandle.containsKey(handle) && !surelyHidden(handle);
    }
}
