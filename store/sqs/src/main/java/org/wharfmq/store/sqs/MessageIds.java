package org.wharfmq.store.sqs;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.wharfmq.store.MessageAttributeValue;

/**
 * The MessageIds Wharf gives the messages it sends (see {@link SqsQueueService}), in
 * {@value ServerMessages#ID_ATTRIBUTE}: UUIDs of version 7 (RFC 9562), the millisecond they were
 * made in and a counter in their first half, so that an id made later in this JVM sorts after an
 * earlier one. The server's SentTimestamp has only
 * milliseconds, and it hands out the messages of one millisecond (one SendMessageBatch, say) in any
 * order; {@link Prefetch} puts them back in send order by these ids.
 */
final class MessageIds {
    private static final int COUNTER_BITS = 12;
    /** The last id's millisecond and counter, as {@code millis << 12 | counter}. */
    private static final AtomicLong LAST = new AtomicLong();

    private MessageIds() {
    }

    /** A new id, after every id this JVM made before (past 4096 in a millisecond, the next one's ids are borrowed). */
    static String next() {
        long now = System.currentTimeMillis() << COUNTER_BITS;
        long stamp = LAST.updateAndGet(last -> Math.max(last + 1, now));
        long high = (stamp >>> COUNTER_BITS) << 16 | 0x7000 | (stamp & 0xFFF);
        long low = ThreadLocalRandom.current().nextLong() & 0x3FFFFFFFFFFFFFFFL | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    /** {@code attributes} with {@code id} added as {@value ServerMessages#ID_ATTRIBUTE}. */
    static Map<String, MessageAttributeValue> stamped(Map<String, MessageAttributeValue> attributes, String id) {
        Map<String, MessageAttributeValue> out = new HashMap<>(attributes);
        out.put(ServerMessages.ID_ATTRIBUTE, MessageAttributeValue.string(id));
        return out;
    }

    /**
     * Negative, zero or positive as {@code a} was made before, with or after {@code b}; zero unless
     * both are version 7 UUIDs (a server's own MessageIds are random).
     */
    static int compare(String a, String b) {
        return isOrdered(a) && isOrdered(b) ? a.compareTo(b) : 0;
    }

    private static boolean isOrdered(String id) {
        return id != null && id.length() == 36 && id.charAt(14) == '7';
    }
}
