package org.wharfmq.store.derby.index;

import java.util.UUID;

/**
 * Store-wide ids: one counter gives message rows, bodies and sequence numbers. Blocks of ids are
 * reserved durably ahead of use so that no id is handed out twice across restarts.
 */
public final class Ids {
    public static final long BLOCK = 1 << 20;
    public static final String META_NEXT = "next_id";
    public static final String META_STORE = "store_id";

    private final long storeBits;
    private long next;
    private long reservedUntil;

    public Ids(long storeBits, long next, long reservedUntil) {
        this.storeBits = storeBits;
        this.next = next;
        this.reservedUntil = reservedUntil;
    }

    /** The next id; when a block runs out, {@code reserve} is told the new limit to make durable first. */
    public long next(java.util.function.LongConsumer reserve) {
        if (next >= reservedUntil) {
            reservedUntil = next + BLOCK;
            reserve.accept(reservedUntil);
        }
        return next++;
    }

    /** The MessageId of a body: a UUID whose high half names this store. */
    public String messageId(long bodyId) {
        return new UUID(storeBits, bodyId).toString();
    }
}
