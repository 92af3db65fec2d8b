package org.wharfmq.store.derby;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.wharfmq.store.MessageAttributeValue;

/** What a message's body row holds: the body and the user attributes, encoded together. */
record Payload(String body, Map<String, MessageAttributeValue> attributes) {
    private static final int VERSION = 1;

    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(body.length() + 64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            writeString(out, body);
            out.writeInt(attributes.size());
            for (Map.Entry<String, MessageAttributeValue> e : attributes.entrySet()) {
                MessageAttributeValue v = e.getValue();
                writeString(out, e.getKey());
                writeString(out, v.dataType());
                byte[] bin = v.binaryValue();
                if (bin != null) {
                    out.writeByte(1);
                    out.writeInt(bin.length);
                    out.write(bin);
                } else {
                    out.writeByte(0);
                    writeString(out, v.stringValue());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static Payload decode(byte[] data) {
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
}
