package org.wharfmq.store.derby.index;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.model.Digests;

/**
 * What a message's body row holds: the body and the user attributes, encoded together; with the
 * body's MD5, which receives hand out, kept beside it in memory.
 */
public record Payload(String body, Map<String, MessageAttributeValue> attributes, String md5) {
    private static final int VERSION = 1;

    public Payload(String body, Map<String, MessageAttributeValue> attributes) {
        this(body, attributes, Digests.md5(body));
    }

    /** Version byte, then length-prefixed UTF-8 strings; what {@link #decode} reads. */
    public byte[] encode() {
        byte[][] parts = new byte[1 + 3 * attributes.size()][];
        int k = 0;
        int size = 1 + 4 + 4;
        parts[k] = body.getBytes(StandardCharsets.UTF_8);
        size += 4 + parts[k++].length;
        for (Map.Entry<String, MessageAttributeValue> e : attributes.entrySet()) {
            MessageAttributeValue v = e.getValue();
            parts[k] = e.getKey().getBytes(StandardCharsets.UTF_8);
            size += 4 + parts[k++].length;
            parts[k] = v.dataType().getBytes(StandardCharsets.UTF_8);
            size += 4 + parts[k++].length;
            parts[k] = v.binaryValue() != null ? v.binaryValue() : v.stringValue().getBytes(StandardCharsets.UTF_8);
            size += 1 + 4 + parts[k++].length;
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        out.put((byte) VERSION);
        k = 0;
        put(out, parts[k++]);
        out.putInt(attributes.size());
        for (MessageAttributeValue v : attributes.values()) {
            put(out, parts[k++]);
            put(out, parts[k++]);
            out.put((byte) (v.binaryValue() != null ? 1 : 0));
            put(out, parts[k++]);
        }
        return out.array();
    }

    private static void put(ByteBuffer out, byte[] b) {
        out.putInt(b.length);
        out.put(b);
    }

    public static Payload decode(byte[] data) {
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(data))) {
            if (in.readByte() != VERSION) {
                throw new IOException("unknown payload version");
            }
            String body = readString(in);
            int n = in.readInt();
            Map<String, MessageAttributeValue> attrs = n == 0 ? Map.of() : new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String name = readString(in);
                String type = readString(in);
                if (in.readByte() == 1) {
                    byte[] bin = new byte[in.readInt()];
                    in.readFully(bin);
                    attrs.put(name, new MessageAttributeValue(type, null, bin));
                } else {
                    attrs.put(name, new MessageAttributeValue(type, readString(in), null));
                }
            }
            return new Payload(body, attrs);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored message body is unreadable", e);
        }
    }


    private static String readString(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
