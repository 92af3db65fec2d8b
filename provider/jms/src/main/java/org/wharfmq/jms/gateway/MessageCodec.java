package org.wharfmq.jms.gateway;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.jms.message.Addressable;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.WharfTextMessage;
import org.wharfmq.jms.message.WharfBytesMessage;
import org.wharfmq.jms.message.WharfMapMessage;
import org.wharfmq.jms.message.WharfStreamMessage;
import org.wharfmq.jms.message.WharfObjectMessage;

/**
 * Turns JMS messages into store bodies and attributes and back. {@code w.kind} names the message
 * type and {@code w.body} how the body is written (plain text, base64, or none). Headers and
 * properties take one of two layouts:
 * <ul>
 * <li><b>attributes</b>: each property is a {@code p.<escaped name>} attribute and each header an
 *     {@code h.<name>} attribute, typed by the data-type suffix;
 * <li><b>packed</b>: all of them in the one Binary attribute {@code w.props} (keys {@code h.<name>}
 *     and {@code p.<name>}, values in the typed encoding of {@link Values}), three attributes in all.
 * </ul>
 * A message keeps the attribute layout when it needs at most {@code maxAttributes - 2} attributes
 * and is packed otherwise; the two left free are for what the provider may add itself (priority,
 * expiry) on a backend without {@code MessageOptions}. A reader tells the layouts apart by
 * {@code w.props}.
 */
public final class MessageCodec {
    /** Attributes left free in every layout, for the provider's own use. */
    public static final int RESERVED_ATTRIBUTES = 2;
    /** The packed layout's attributes: w.kind, w.body and w.props. */
    static final int PACKED_ATTRIBUTES = 3;
    /** The smallest attribute limit a backend may declare. */
    public static final int MIN_ATTRIBUTES = PACKED_ATTRIBUTES + RESERVED_ATTRIBUTES;

    private static final String KIND = "w.kind";
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
    /** The store rejects an empty body: a message without one, or with empty text, stores this placeholder. */
    private static final String PLACEHOLDER = "-";

    /** A message as the store takes it. */
    public record Encoded(String body, Map<String, MessageAttributeValue> attributes) {
    }

    /** Turns a JMSReplyTo address back into a destination. */
    @FunctionalInterface
    public interface AddressResolver {
        Destination resolve(String address) throws JMSException;
    }

    private MessageCodec() {
    }

    /**
     * Encodes a message for a backend that takes at most {@code maxAttributes} attributes per
     * message (Integer.MAX_VALUE for none): the attribute layout if it fits in two fewer, else packed.
     *
     * @throws IllegalArgumentException if {@code maxAttributes} is below {@link #MIN_ATTRIBUTES}
     */
    public static Encoded encode(WharfMessage m, int maxAttributes) throws JMSException {
        if (maxAttributes < MIN_ATTRIBUTES) {
            throw new IllegalArgumentException("maxAttributes " + maxAttributes + " is below " + MIN_ATTRIBUTES
                    + ": the packed layout takes " + PACKED_ATTRIBUTES + " attributes and "
                    + RESERVED_ATTRIBUTES + " are kept free");
        }
        Map<String, MessageAttributeValue> a = new LinkedHashMap<>();
        String body = body(m, a);
        if (attributeCount(m) <= maxAttributes - RESERVED_ATTRIBUTES) {
            headersAndProperties(m, a);
        } else {
            a.put(PACKED, MessageAttributeValue.binary(Values.write(packed(m))));
        }
        return new Encoded(body, a);
    }

    /** How many attributes the attribute layout gives {@code m}; counted, so nothing is built. */
    static int attributeCount(WharfMessage m) {
        int n = 3 + m.propertyCount(); // w.kind, w.body, h.JMSDeliveryMode
        if (m.getJMSType() != null) {
            n++;
        }
        if (m.correlationIdBytesOrNull() != null || m.getJMSCorrelationID() != null) {
            n++;
        }
        if (m.getJMSReplyTo() instanceof Addressable) {
            n++;
        }
        if (m.getJMSDeliveryTime() != 0) {
            n++;
        }
        return n;
    }

    /** Writes w.kind and w.body and returns the body to store. */
    private static String body(WharfMessage m, Map<String, MessageAttributeValue> a) throws JMSException {
        String body;
        if (m instanceof WharfTextMessage t) {
            a.put(KIND, MessageAttributeValue.string("text"));
            String text = t.getText();
            if (text == null) {
                body = none(a);
            } else if (text.isEmpty()) {
                a.put(BODY, MessageAttributeValue.string(EMPTY));
                body = PLACEHOLDER;
            } else if (Values.storable(text)) {
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
            s.items().forEach(v -> items.add(new AbstractMap.SimpleEntry<>("", v)));
            body = items.isEmpty() ? none(a) : binary(a, Values.write(items));
        } else if (m instanceof WharfObjectMessage o) {
            a.put(KIND, MessageAttributeValue.string("object"));
            body = o.serialized() == null ? none(a) : binary(a, o.serialized());
        } else {
            a.put(KIND, MessageAttributeValue.string("message"));
            body = none(a);
        }
        return body;
    }

    /** The attribute layout: one attribute per header and property. */
    private static void headersAndProperties(WharfMessage m, Map<String, MessageAttributeValue> a)
            throws JMSException {
        header(a, TYPE, m.getJMSType());
        byte[] correlationBytes = m.correlationIdBytesOrNull();
        if (correlationBytes != null) {
            a.put(CORRELATION_ID, new MessageAttributeValue("Binary.bytes", null, correlationBytes));
        } else {
            header(a, CORRELATION_ID, m.getJMSCorrelationID());
        }
        if (m.getJMSReplyTo() instanceof Addressable d) {
            header(a, REPLY_TO, d.toAddress());
        }
        a.put(DELIVERY_MODE, MessageAttributeValue.number(Integer.toString(m.getJMSDeliveryMode())));
        if (m.getJMSDeliveryTime() != 0) {
            a.put(DELIVERY_TIME, MessageAttributeValue.number(Long.toString(m.getJMSDeliveryTime())));
        }
        for (Map.Entry<String, Object> e : m.properties().entrySet()) {
            a.put(PROPERTY + Names.escape(e.getKey()), Values.attribute(e.getValue()));
        }
    }

    private static void header(Map<String, MessageAttributeValue> a, String key, String value) {
        if (value != null) {
            a.put(key, Values.attribute(value));
        }
    }

    /** The packed layout's entries: the same keys as the attribute layout, names unescaped. */
    private static List<Map.Entry<String, Object>> packed(WharfMessage m) throws JMSException {
        List<Map.Entry<String, Object>> f = new ArrayList<>(5 + m.propertyCount());
        entry(f, TYPE, m.getJMSType());
        byte[] correlationBytes = m.correlationIdBytesOrNull();
        entry(f, CORRELATION_ID, correlationBytes != null ? correlationBytes : m.getJMSCorrelationID());
        if (m.getJMSReplyTo() instanceof Addressable d) {
            entry(f, REPLY_TO, d.toAddress());
        }
        entry(f, DELIVERY_MODE, m.getJMSDeliveryMode());
        if (m.getJMSDeliveryTime() != 0) {
            entry(f, DELIVERY_TIME, m.getJMSDeliveryTime());
        }
        for (Map.Entry<String, Object> e : m.properties().entrySet()) {
            entry(f, PROPERTY + e.getKey(), e.getValue());
        }
        return f;
    }

    private static void entry(List<Map.Entry<String, Object>> f, String key, Object value) {
        if (value != null) {
            f.add(new AbstractMap.SimpleEntry<>(key, value));
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

    /**
     * Rebuilds a received message in either layout; body and properties are read-only.
     *
     * @param destination its JMSDestination
     * @param replyTo turns a JMSReplyTo address back into a destination
     */
    public static WharfMessage decode(ReceivedMessage rm, Destination destination, AddressResolver replyTo)
            throws JMSException {
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
    public static Function<String, Object> selectorValues(MessageView v) {
        Map<String, MessageAttributeValue> a = v.messageAttributes();
        return a.containsKey(PACKED) ? new PackedValues(v) : name -> selectorValue(v, a, null, name);
    }

    private static Object selectorValue(MessageView v, Map<String, MessageAttributeValue> a,
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
        private final MessageView view;
        private Map<String, Object> packed;

        PackedValues(MessageView view) {
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
