package org.wharfmq.store.postgres;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.wharfmq.store.MessageAttributeValue;

/** How a message's attributes and a queue's settings are kept in their columns. */
final class Codec {

    private Codec() {
    }

    /** Attributes as bytes: a count, then per attribute its name, type and a string or bytes; null for none. */
    static byte[] attributes(Map<String, MessageAttributeValue> attributes) {
        if (attributes.isEmpty()) {
            return null;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeShort(attributes.size());
            for (Map.Entry<String, MessageAttributeValue> e : attributes.entrySet()) {
                MessageAttributeValue v = e.getValue();
                writeString(out, e.getKey());
                writeString(out, v.dataType());
                byte[] b = v.binaryValue();
                if (b != null) {
                    out.writeBoolean(true);
                    out.writeInt(b.length);
                    out.write(b);
                } else {
                    out.writeBoolean(false);
                    writeString(out, v.stringValue());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static Map<String, MessageAttributeValue> attributes(byte[] encoded) {
        if (encoded == null) {
            return Map.of();
        }
        Map<String, MessageAttributeValue> out = new LinkedHashMap<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            int n = in.readUnsignedShort();
            for (int i = 0; i < n; i++) {
                String name = readString(in);
                String type = readString(in);
                if (in.readBoolean()) {
                    byte[] b = new byte[in.readInt()];
                    in.readFully(b);
                    out.put(name, new MessageAttributeValue(type, null, b));
                } else {
                    out.put(name, new MessageAttributeValue(type, readString(in), null));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** A queue's settable attributes as one text: a {@code name=value} line each (values hold no line break). */
    static String settings(Map<String, String> attributes) {
        StringBuilder b = new StringBuilder();
        attributes.forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
        return b.toString();
    }

    static Map<String, String> settings(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                out.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return out;
    }
}
