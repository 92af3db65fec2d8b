package org.wharfmq.jms.message;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import org.wharfmq.jms.WharfDestination;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.ReceivedMessage;

/**
 * Turns JMS messages into store bodies and attributes and back. Properties become {@code p.<name>}
 * attributes and headers {@code h.<name>}, typed by the data-type suffix; {@code w.kind} names the
 * message type and {@code w.body} how the body is written (plain text, base64, or none).
 */
public final class MessageCodec {
    private static final String KIND = "w.kind";
    private static final String BODY = "w.body";
    private static final String PLAIN = "plain";
    private static final String BASE64 = "base64";
    private static final String NONE = "none";
    private static final String PROPERTY = "p.";
    private static final String HEADER = "h.";
    /** The store rejects an empty body: a message without one stores this placeholder. */
    private static final String PLACEHOLDER = "-";

    /** A message as the store takes it. */
    public record Encoded(String body, Map<String, MessageAttributeValue> attributes) {
    }

    private MessageCodec() {
    }

    public static Encoded encode(WharfMessage m) throws JMSException {
        Map<String, MessageAttributeValue> a = new LinkedHashMap<>();
        String body;
        if (m instanceof WharfTextMessage t) {
            a.put(KIND, MessageAttributeValue.string("text"));
            String text = t.getText();
            if (text == null) {
                body = none(a);
            } else if (!text.isEmpty() && storable(text)) {
                a.put(BODY, MessageAttributeValue.string(PLAIN));
                body = text;
            } else {
                a.put(BODY, MessageAttributeValue.string(BASE64));
                body = base64(text.getBytes(StandardCharsets.UTF_16BE));
            }
        } else if (m instanceof WharfBytesMessage b) {
            a.put(KIND, MessageAttributeValue.string("bytes"));
            body = binary(a, b.bytes());
        } else if (m instanceof WharfMapMessage map) {
            a.put(KIND, MessageAttributeValue.string("map"));
            body = map.map().isEmpty() ? none(a) : binary(a, Values.write(new ArrayList<>(map.map().entrySet())));
        } else if (m instanceof WharfStreamMessage s) {
            a.put(KIND, MessageAttributeValue.string("stream"));
            List<Map.Entry<String, Object>> items = new ArrayList<>();
            s.items().forEach(v -> items.add(new java.util.AbstractMap.SimpleEntry<>("", v)));
            body = items.isEmpty() ? none(a) : binary(a, Values.write(items));
        } else if (m instanceof WharfObjectMessage o) {
            a.put(KIND, MessageAttributeValue.string("object"));
            body = o.serialized() == null ? none(a) : binary(a, o.serialized());
        } else {
            a.put(KIND, MessageAttributeValue.string("message"));
            body = none(a);
        }
        header(a, "JMSType", m.getJMSType());
        byte[] correlationBytes = m.correlationIdBytesOrNull();
        if (correlationBytes != null) {
            a.put(HEADER + "JMSCorrelationID", new MessageAttributeValue("Binary.bytes", null, correlationBytes));
        } else {
            header(a, "JMSCorrelationID", m.getJMSCorrelationID());
        }
        if (m.getJMSReplyTo() instanceof WharfDestination d) {
            header(a, "JMSReplyTo", d.toAddress());
        }
        a.put(HEADER + "JMSDeliveryMode", MessageAttributeValue.number(Integer.toString(m.getJMSDeliveryMode())));
        if (m.getJMSDeliveryTime() != 0) {
            a.put(HEADER + "JMSDeliveryTime", MessageAttributeValue.number(Long.toString(m.getJMSDeliveryTime())));
        }
        for (Map.Entry<String, Object> e : m.properties().entrySet()) {
            a.put(PROPERTY + Names.escape(e.getKey()), Values.attribute(e.getValue()));
        }
        return new Encoded(body, a);
    }

    private static void header(Map<String, MessageAttributeValue> a, String name, String value) {
        if (value != null) {
            a.put(HEADER + name, Values.attribute(value));
        }
    }

    private static String none(Map<String, MessageAttributeValue> a) {
        a.put(BODY, MessageAttributeValue.string(NONE));
        return PLACEHOLDER;
    }

    private static String binary(Map<String, MessageAttributeValue> a, byte[] data) {
        if (data.length == 0) {
            return none(a);
        }
        a.put(BODY, MessageAttributeValue.string(BASE64));
        return base64(data);
    }

    private static String base64(byte[] data) {
        return Base64.getEncoder().encodeToString(data);
    }

    /** True if the store can keep the text as it is. */
    private static boolean storable(String text) {
        for (int i = 0; i < text.length(); ) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0xD800) {
                i++;
                continue;
            }
            int cp = text.codePointAt(i);
            boolean ok = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF)
                    || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
            if (!ok) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return true;
    }

    /** Rebuilds a received message; body and properties are read-only. */
    public static WharfMessage decode(ReceivedMessage rm, WharfDestination destination) throws JMSException {
        Map<String, MessageAttributeValue> a = rm.messageAttributes();
        String kind = a.containsKey(KIND) ? a.get(KIND).stringValue() : "text";
        String how = a.containsKey(BODY) ? a.get(BODY).stringValue() : PLAIN;
        byte[] data = how.equals(BASE64) ? Base64.getDecoder().decode(rm.body()) : null;
        WharfMessage m;
        switch (kind) {
            case "text" -> {
                WharfTextMessage t = new WharfTextMessage();
                t.setText(how.equals(NONE) ? null : data != null ? new String(data, StandardCharsets.UTF_16BE) : rm.body());
                m = t;
            }
            case "bytes" -> {
                WharfBytesMessage b = new WharfBytesMessage();
                b.received(data == null ? new byte[0] : data);
                m = b;
            }
            case "map" -> {
                WharfMapMessage map = new WharfMapMessage();
                if (data != null) {
                    Values.read(data).forEach(e -> map.map().put(e.getKey(), e.getValue()));
                }
                m = map;
            }
            case "stream" -> {
                WharfStreamMessage s = new WharfStreamMessage();
                List<Object> items = new ArrayList<>();
                if (data != null) {
                    Values.read(data).forEach(e -> items.add(e.getValue()));
                }
                s.received(items);
                m = s;
            }
            case "object" -> {
                WharfObjectMessage o = new WharfObjectMessage();
                o.serialized(data);
                m = o;
            }
            default -> m = new WharfMessage();
        }
        for (Map.Entry<String, MessageAttributeValue> e : a.entrySet()) {
            String name = e.getKey();
            if (name.startsWith(PROPERTY)) {
                m.putReceived(Names.unescape(name.substring(PROPERTY.length())), Values.value(e.getValue()));
            }
        }
        m.setJMSType((String) header(a, "JMSType"));
        MessageAttributeValue correlation = a.get(HEADER + "JMSCorrelationID");
        if (correlation != null && correlation.binaryValue() != null && correlation.dataType().equals("Binary.bytes")) {
            m.setJMSCorrelationIDAsBytes(correlation.binaryValue());
        } else {
            m.setJMSCorrelationID((String) header(a, "JMSCorrelationID"));
        }
        Object replyTo = header(a, "JMSReplyTo");
        if (replyTo != null) {
            m.setJMSReplyTo(WharfDestination.fromAddress((String) replyTo));
        }
        Object mode = header(a, "JMSDeliveryMode");
        m.setJMSDeliveryMode(mode == null ? DeliveryMode.PERSISTENT : ((Number) mode).intValue());
        Object deliveryTime = header(a, "JMSDeliveryTime");
        m.setJMSDeliveryTime(deliveryTime == null ? rm.sentTimestamp() : ((Number) deliveryTime).longValue());
        m.setJMSMessageID("ID:" + rm.messageId());
        m.setJMSTimestamp(rm.sentTimestamp());
        m.setJMSPriority(rm.priority());
        m.setJMSExpiration(rm.expirationTime());
        m.setJMSRedelivered(rm.receiveCount() > 1);
        m.setJMSDestination(destination);
        if (rm.receiptHandle() != null) {
            m.putReceived("JMSXDeliveryCount", rm.receiveCount());
        }
        if (rm.messageGroupId() != null && !m.propertyExists("JMSXGroupID")) {
            m.putReceived("JMSXGroupID", rm.messageGroupId());
        }
        if (rm.sequenceNumber() != null) {
            m.putReceived("JMS_Wharf_SequenceNumber", rm.sequenceNumber());
        }
        m.makeReadOnly();
        if (m instanceof WharfStreamMessage s) {
            s.reset();
        }
        return m;
    }

    private static Object header(Map<String, MessageAttributeValue> a, String name) {
        MessageAttributeValue v = a.get(HEADER + name);
        return v == null ? null : Values.value(v);
    }

    /** The value of a selector identifier for a stored message, without reading its body. */
    public static Function<String, Object> selectorValues(MessageView v) {
        Map<String, MessageAttributeValue> a = v.messageAttributes();
        return name -> switch (name) {
            case "JMSDeliveryMode" -> {
                Object mode = header(a, "JMSDeliveryMode");
                yield mode != null && ((Number) mode).intValue() == DeliveryMode.NON_PERSISTENT
                        ? "NON_PERSISTENT" : "PERSISTENT";
            }
            case "JMSPriority" -> v.priority();
            case "JMSMessageID" -> "ID:" + v.messageId();
            case "JMSTimestamp" -> v.sentTimestamp();
            case "JMSCorrelationID" -> {
                Object c = header(a, "JMSCorrelationID");
                yield c instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : c;
            }
            case "JMSType" -> header(a, "JMSType");
            case "JMSXDeliveryCount" -> v.receiveCount();
            default -> {
                MessageAttributeValue p = a.get(PROPERTY + Names.escape(name));
                if (p == null && name.equals("JMSXGroupID")) {
                    yield v.messageGroupId();
                }
                yield p == null ? null : Values.value(p);
            }
        };
    }

    /** Property names as attribute names: characters outside [A-Za-z0-9_] become -XXXX. */
    static final class Names {
        private Names() {
        }

        static String escape(String name) {
            StringBuilder sb = new StringBuilder(name.length());
            for (char c : name.toCharArray()) {
                if (c < 128 && (Character.isLetterOrDigit(c) || c == '_')) {
                    sb.append(c);
                } else {
                    sb.append('-').append(String.format("%04X", (int) c));
                }
            }
            return sb.toString();
        }

        static String unescape(String name) {
            StringBuilder sb = new StringBuilder(name.length());
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c == '-' && i + 4 < name.length()) {
                    sb.append((char) Integer.parseInt(name.substring(i + 1, i + 5), 16));
                    i += 4;
                } else {
                    sb.append(c);
                }
            }
            return sb.toString();
        }
    }

    /** Typed values as attributes, and map and stream bodies as bytes. */
    static final class Values {
        private Values() {
        }

        static MessageAttributeValue attribute(Object v) {
            if (v instanceof String s) {
                return !s.isEmpty() && storable(s) ? MessageAttributeValue.string(s)
                        : new MessageAttributeValue("Binary.string", null, s.getBytes(StandardCharsets.UTF_16BE));
            }
            if (v instanceof Boolean b) {
                return new MessageAttributeValue("String.boolean", b.toString(), null);
            }
            if (v instanceof Float f) {
                return new MessageAttributeValue("String.float", f.toString(), null);
            }
            if (v instanceof Double d) {
                return new MessageAttributeValue("String.double", d.toString(), null);
            }
            String type = v instanceof Byte ? "byte" : v instanceof Short ? "short" : v instanceof Integer ? "int" : "long";
            return new MessageAttributeValue("Number." + type, v.toString(), null);
        }

        static Object value(MessageAttributeValue a) {
            String s = a.stringValue();
            return switch (a.dataType()) {
                case "Binary.string" -> new String(a.binaryValue(), StandardCharsets.UTF_16BE);
                case "Binary.bytes" -> a.binaryValue();
                case "String.boolean" -> Boolean.valueOf(s);
                case "String.float" -> Float.valueOf(s);
                case "String.double" -> Double.valueOf(s);
                case "Number.byte" -> Byte.valueOf(s);
                case "Number.short" -> Short.valueOf(s);
                case "Number.int" -> Integer.valueOf(s);
                case "Number.long" -> Long.valueOf(s);
                case "Number" -> s.contains(".") || s.contains("e") || s.contains("E") ? (Object) Double.valueOf(s)
                        : (Object) Long.valueOf(s);
                default -> a.binaryValue() != null ? a.binaryValue() : s;
            };
        }

        private static final int NULL = 0;
        private static final int BOOLEAN = 1;
        private static final int BYTE = 2;
        private static final int SHORT = 3;
        private static final int CHAR = 4;
        private static final int INT = 5;
        private static final int LONG = 6;
        private static final int FLOAT = 7;
        private static final int DOUBLE = 8;
        private static final int STRING = 9;
        private static final int BYTES = 10;

        static byte[] write(List<Map.Entry<String, Object>> entries) throws JMSException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(entries.size());
                for (Map.Entry<String, Object> e : entries) {
                    writeString(out, e.getKey());
                    Object v = e.getValue();
                    if (v == null) {
                        out.writeByte(NULL);
                    } else if (v instanceof Boolean b) {
                        out.writeByte(BOOLEAN);
                        out.writeBoolean(b);
                    } else if (v instanceof Byte b) {
                        out.writeByte(BYTE);
                        out.writeByte(b);
                    } else if (v instanceof Short s) {
                        out.writeByte(SHORT);
                        out.writeShort(s);
                    } else if (v instanceof Character c) {
                        out.writeByte(CHAR);
                        out.writeChar(c);
                    } else if (v instanceof Integer i) {
                        out.writeByte(INT);
                        out.writeInt(i);
                    } else if (v instanceof Long l) {
                        out.writeByte(LONG);
                        out.writeLong(l);
                    } else if (v instanceof Float f) {
                        out.writeByte(FLOAT);
                        out.writeFloat(f);
                    } else if (v instanceof Double d) {
                        out.writeByte(DOUBLE);
                        out.writeDouble(d);
                    } else if (v instanceof String s) {
                        out.writeByte(STRING);
                        writeString(out, s);
                    } else if (v instanceof byte[] b) {
                        out.writeByte(BYTES);
                        out.writeInt(b.length);
                        out.write(b);
                    } else {
                        throw new MessageFormatException("cannot write a " + v.getClass().getName());
                    }
                }
            } catch (IOException e) {
                throw new MessageFormatException("cannot encode the body: " + e.getMessage());
            }
            return bytes.toByteArray();
        }

        static List<Map.Entry<String, Object>> read(byte[] data) throws JMSException {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
                int n = in.readInt();
                List<Map.Entry<String, Object>> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    String name = readString(in);
                    Object v = switch (in.readByte()) {
                        case NULL -> null;
                        case BOOLEAN -> in.readBoolean();
                        case BYTE -> in.readByte();
                        case SHORT -> in.readShort();
                        case CHAR -> in.readChar();
                        case INT -> in.readInt();
                        case LONG -> in.readLong();
                        case FLOAT -> in.readFloat();
                        case DOUBLE -> in.readDouble();
                        case STRING -> readString(in);
                        default -> {
                            byte[] b = new byte[in.readInt()];
                            in.readFully(b);
                            yield b;
                        }
                    };
                    out.add(new java.util.AbstractMap.SimpleEntry<>(name, v));
                }
                return out;
            } catch (IOException e) {
                throw new MessageFormatException("cannot decode the body: " + e.getMessage());
            }
        }

        private static void writeString(DataOutputStream out, String s) throws IOException {
            out.writeInt(s.length());
            out.writeChars(s);
        }

        private static String readString(DataInputStream in) throws IOException {
            char[] c = new char[in.readInt()];
            for (int i = 0; i < c.length; i++) {
                c[i] = in.readChar();
            }
            return new String(c);
        }
    }
}
