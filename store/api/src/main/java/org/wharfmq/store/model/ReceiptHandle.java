package org.wharfmq.store.model;

import java.nio.ByteBuffer;
import java.util.Base64;

/**
 * A receipt handle: the queue, the stored message and the receive it came from. A handle is
 * current only while its receive count is the message's.
 */
public record ReceiptHandle(int queueId, long rowId, int receiveCount) {
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final byte VERSION = 1;

    public String encode() {
        ByteBuffer b = ByteBuffer.allocate(17);
        b.put(VERSION).putInt(queueId).putLong(rowId).putInt(receiveCount);
        return ENCODER.encodeToString(b.array());
    }

    /** The handle in {@code text}, or null if it is not one. */
    public static ReceiptHandle decode(String text) {
        if (text == null || text.length() != 23) {
            return null;
        }
        byte[] raw;
        try {
            raw = DECODER.decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(raw);
        if (raw.length != 17 || b.get() != VERSION) {
            return null;
        }
        return new ReceiptHandle(b.getInt(), b.getLong(), b.getInt());
    }
}
