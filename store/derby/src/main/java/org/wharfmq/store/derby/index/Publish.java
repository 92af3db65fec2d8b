package org.wharfmq.store.derby.index;

import java.nio.ByteBuffer;
import java.util.BitSet;

/**
 * A topic publish stored as one WHARF_BODY row: its body, the times and priority its copies share,
 * and its copies (a subscription's queue and a row id each). A copy has no row of its own until
 * its state outgrows two bits (see {@link Msg#publish}): RECEIVED says it was received once, GONE
 * that it was deleted, moved, or written out as a row of its own.
 */
public final class Publish {
    /** The most copies one row lists; a publish to more subscriptions writes a row per copy. */
    public static final int MAX_COPIES = 2722;
    private static final int COPY_BYTES = Integer.BYTES + Long.BYTES;

    public final long id;
    public final int[] queueIds;
    public final long[] rowIds;
    /** The RECEIVED and GONE bits committed so far; read and written only by the journal's writer. */
    public final BitSet received;
    public final BitSet gone;

    public Publish(long id, int[] queueIds, long[] rowIds, BitSet received, BitSet gone) {
        this.id = id;
        this.queueIds = queueIds;
        this.rowIds = rowIds;
        this.received = received;
        this.gone = gone;
    }

    /** The COPIES column: each copy's queue id and row id. */
    public byte[] encodeCopies() {
        ByteBuffer b = ByteBuffer.allocate(queueIds.length * COPY_BYTES);
        for (int i = 0; i < queueIds.length; i++) {
            b.putInt(queueIds[i]).putLong(rowIds[i]);
        }
        return b.array();
    }

    /** The publish of row {@code id}, from its COPIES, RECEIVED and GONE columns. */
    public static Publish decode(long id, byte[] copies, byte[] received, byte[] gone) {
        int n = copies.length / COPY_BYTES;
        int[] queueIds = new int[n];
        long[] rowIds = new long[n];
        ByteBuffer b = ByteBuffer.wrap(copies);
        for (int i = 0; i < n; i++) {
            queueIds[i] = b.getInt();
            rowIds[i] = b.getLong();
        }
        return new Publish(id, queueIds, rowIds, bits(received), bits(gone));
    }

    private static BitSet bits(byte[] column) {
        return column == null ? new BitSet() : BitSet.valueOf(column);
    }
}
