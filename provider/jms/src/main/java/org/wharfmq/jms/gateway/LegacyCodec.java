package org.wharfmq.jms.gateway;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.WharfTextMessage;
import org.wharfmq.jms.message.WharfBytesMessage;
import org.wharfmq.jms.message.WharfMapMessage;
import org.wharfmq.jms.message.WharfStreamMessage;
import org.wharfmq.jms.message.WharfObjectMessage;

/**
 * Reads messages stored in Wharf's earlier layout, which no longer writes: {@code w.kind} names
 * the message type and {@code w.body} how the body is written; headers and properties are either
 * {@code h.<name>} and {@code p.<escaped name>} attributes, typed by data-type suffix, or all packed
 * in the one Binary attribute {@code w.props} (keys {@code h.<name>} and {@code p.<name>}, values
 * in the typed encoding of {@link Values}). {@link MessageCodec} sends a message here when it
 * carries {@value #KIND}.
 */
final class LegacyCodec {
    static final String KIND = "w.kind";
    private static final String BODY = "w.body";
    private static final String PACKED = "w.props";
    private static final String PLAIN = "plain";
    private static final String BASE64 = "base64";
    private static final String NONE = "none";
    private static final String EMPTY = "empty";
    private static final String PROPERTY = "p.";
    private static final String TYPE = "h.JMSType";
    private static final String CORRELATION_ID = "h.JMSCorrelationID";
    private static final String REPLY_TO = "h.JMSReplyTo";
    private static final String DELIVERY_MODE = "h.JMSDeliveryMode";
    private static final String DELIVERY_TIME = "h.JMSDeliveryTime";

    private LegacyCodec() {
    }

    /** The body, properties and headers of a message in either of the earlier layouts. */
    static WharfMessage read(ReceivedMessage rm, MessageCodec.AddressResolver replyTo) throws JMSException {
        Map<String, MessageAttributeValue> a = rm.messageAttributes();
        WharfMessage m = body(rm, a);
        Map<String, Object> packed = unpack(a);
        if (packed == null) {
            for (Map.Entry<String, MessageAttributeValue> e : a.entrySet()) {
                String key = e.getKey();
                if (key.startsWith(PROPERTY)) {
                    m.putReceived(Names.unescape(key.substring(PROPERTY.length())), Values.value(e.getValue()));
                }
            }
        } else {
            for (Map.Entry<String, Object> e : packed.entrySet()) {
                if (e.getKey().startsWith(PROPERTY)) {
                    m.putReceived(e.getKey().substring(PROPERTY.length()), e.getValue());
                }
            }
        }
        m.setJMSType((String) header(a, packed, TYPE));
        Object correlation = header(a, packed, CORRELATION_ID);
        if (correlation instanceof byte[] b) {
            m.setJMSCorrelationIDAsBytes(b);
        } else {
            m.setJMSCorrelationID((String) correlation);
        }
        Object address = header(a, packed, REPLY_TO);
        if (address != null) {
            m.setJMSReplyTo(replyTo.resolve((String) address));
        }
        Object mode = header(a, packed, DELIVERY_MODE);
        m.setJMSDeliveryMode(mode == null ? DeliveryMode.PERSISTENT : ((Number) mode).intValue());
        Object deliveryTime = header(a, packed, DELIVERY_TIME);
        m.setJMSDeliveryTime(deliveryTime == null ? rm.sentTimestamp() : ((Number) deliveryTime).longValue());
        return m;
    }

    /** A message of the type w.kind names, with its body. */
    private static WharfMessage body(ReceivedMessage rm, Map<String, MessageAttributeValue> a) throws JMSException {
        String kind = a.containsKey(KIND) ? a.get(KIND).stringValue() : "text";
        String how = a.containsKey(BODY) ? a.get(BODY).stringValue() : PLAIN;
        byte[] data = how.equals(BASE64) ? Base64.getDecoder().decode(rm.body()) : null;
        switch (kind) {
            case "text" -> {
                WharfTextMessage t = new WharfTextMessage();
                t.setText(how.equals(NONE) ? null : how.equals(EMPTY) ? "" : data != null ? new String(data, StandardCharsets.UTF_16BE) : rm.body());
                return t;
            }
            case "bytes" -> {
                WharfBytesMessage b = new WharfBytesMessage();
                b.received(data == null ? new byte[0] : data);
                return b;
            }
            case "map" -> {
                WharfMapMessage map = new WharfMapMessage();
                if (data != null) {
                    Values.read(data).forEach(e -> map.map().put(e.getKey(), e.getValue()));
                }
                return map;
            }
            case "stream" -> {
                WharfStreamMessage s = new WharfStreamMessage();
                List<Object> items = new ArrayList<>();
                if (data != null) {
                    Values.read(data).forEach(e -> items.add(e.getValue()));
                }
                s.received(items);
                return s;
            }
            case "object" -> {
                WharfObjectMessage o = new WharfObjectMessage();
                o.serialized(data);
                return o;
            }
            default -> {
                return new WharfMessage();
            }
        }
    }

    /** The packed layout's entries by key, or null for a message in the attribute layout. */
    private static Map<String, Object> unpack(Map<String, MessageAttributeValue> a) throws JMSException {
        MessageAttributeValue v = a.get(PACKED);
        if (v == null) {
            return null;
        }
        byte[] data = v.binaryValue();
        if (data == null) {
            throw new jakarta.jms.MessageFormatException(PACKED + " is a " + v.dataType() + " attribute, not Binary");
        }
        List<Map.Entry<String, Object>> entries = Values.read(data);
        Map<String, Object> out = new LinkedHashMap<>(entries.size() * 2);
        entries.forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** A header's value: from the packed entries if there are some, else from its attribute. */
    private static Object header(Map<String, MessageAttributeValue> a, Map<String, Object> packed, String key) {
        if (packed != null) {
            return packed.get(key);
        }
        MessageAttributeValue v = a.get(key);
        return v == null ? null : Values.value(v);
    }

    /**
     * The value of a selector identifier for a stored message, without reading its body. A packed
     * message's w.props is decoded at the first lookup and kept for the rest.
     */
    static Function<String, Object> selectorValues(MessageHeaders v) {
        Map<String, MessageAttributeValue> a = v.messageAttributes();
        return a.containsKey(PACKED) ? new PackedValues(v) : name -> selectorValue(v, a, null, name);
    }

    private static Object selectorValue(MessageHeaders v, Map<String, MessageAttributeValue> a,
                                        Map<String, Object> packed, String name) {
        return switch (name) {
            case "JMSDeliveryMode" -> {
                Object mode = header(a, packed, DELIVERY_MODE);
                yield mode != null && ((Number) mode).intValue() == DeliveryMode.NON_PERSISTENT
                        ? "NON_PERSISTENT" : "PERSISTENT";
            }
            case "JMSPriority" -> v.priority();
            case "JMSMessageID" -> "ID:" + v.messageId();
            case "JMSTimestamp" -> v.sentTimestamp();
            case "JMSCorrelationID" -> {
                Object c = header(a, packed, CORRELATION_ID);
                yield c instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : c;
            }
            case "JMSType" -> header(a, packed, TYPE);
            case "JMSXDeliveryCount" -> v.receiveCount();
            default -> {
                Object p;
                if (packed != null) {
                    p = packed.get(PROPERTY + name);
                } else {
                    MessageAttributeValue attribute = a.get(PROPERTY + Names.escape(name));
                    p = attribute == null ? null : Values.value(attribute);
                }
                yield p == null && name.equals("JMSXGroupID") ? v.messageGroupId() : p;
            }
        };
    }

    /** Selector values of a packed message; one per view and thread, like the lambda it replaces. */
    private static final class PackedValues implements Function<String, Object> {
        private final MessageHeaders view;
        private Map<String, Object> packed;

        PackedValues(MessageHeaders view) {
            this.view = view;
        }

        @Override
        public Object apply(String name) {
            if (packed == null) {
                try {
                    packed = unpack(view.messageAttributes());
                } catch (JMSException e) {
                    throw new IllegalArgumentException("message " + view.messageId() + ": " + e.getMessage(), e);
                }
            }
            return selectorValue(view, null, packed, name);
        }
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
}
