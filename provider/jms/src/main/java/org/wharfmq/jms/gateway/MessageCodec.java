package org.wharfmq.jms.gateway;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import org.wharfmq.jms.message.Addressable;
import org.wharfmq.jms.message.WharfBytesMessage;
import org.wharfmq.jms.message.WharfMapMessage;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.WharfObjectMessage;
import org.wharfmq.jms.message.WharfStreamMessage;
import org.wharfmq.jms.message.WharfTextMessage;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.model.MessageRules;

/**
 * Turns JMS messages into store bodies and attributes and back, in the layout other SQS clients
 * read (docs/mapping.md, "Message attributes"): a property is an attribute of its own name, typed
 * as AWS's JMS library types it; the message type, the correlation id and a queue to reply to are
 * that library's attributes ({@value #MESSAGE_TYPE}, {@value #CORRELATION_ID},
 * {@value #REPLY_TO_QUEUE}); what no attribute carries (other headers, an unusual body, a property
 * SQS cannot take as an attribute or that does not fit) goes into Wharf's one String attribute of
 * marks, {@link Marks}, present only when needed. A message without any of these is a
 * TextMessage, its attributes its properties. Messages stored in the earlier layout (they carry
 * {@code w.kind}) are read by {@link LegacyCodec}.
 */
public final class MessageCodec {
    /** The smallest attribute limit a backend may declare: the marks alone carry a whole message. */
    public static final int MIN_ATTRIBUTES = 1;

    static final String MESSAGE_TYPE = "JMS_SQSMessageType";
    static final String CORRELATION_ID = "JMS_SQSCorrelationID";
    static final String REPLY_TO_QUEUE = "JMS_SQSReplyToQueueName";
    private static final String REPLY_TO_URL = "JMS_SQSReplyToQueueURL";
    /** Attributes that are headers or marks, never properties. */
    private static final Set<String> RESERVED = Set.of(MESSAGE_TYPE, CORRELATION_ID, REPLY_TO_QUEUE, REPLY_TO_URL,
            Marks.ATTRIBUTE);
    private static final String QUEUE_ADDRESS = "queue:";

    // Keys of the marks.
    private static final String KIND = "kind";
    private static final String BODY = "body";
    private static final String MODE = "mode";
    private static final String TIME = "time";
    private static final String TYPE = "type";
    private static final String CORRELATION = "correlation";
    private static final String CORRELATION_BYTES = "correlationBytes";
    private static final String REPLY_TO = "replyTo";
    private static final String PRIORITY = "priority";
    private static final String EXPIRATION = "expiration";
    /** A property in the marks: {@code p.<name>} to {@code <data type>:<value>}. */
    private static final String PROPERTY = "p.";

    private static final String EMPTY = "empty";
    private static final String NONE = "none";
    private static final String UTF16 = "utf16";
    /** The store rejects an empty body: a message without one, or with empty text, stores this placeholder. */
    private static final String PLACEHOLDER = "-";

    /** A message as the store takes it. */
    public record Encoded(String body, Map<String, MessageAttributeValue> attributes) {
    }

    /**
     * What a backend without MessageOptions keeps in the marks: priority (null for the default),
     * expiration (null for never) and whether the send has a delay, which makes JMSDeliveryTime
     * worth keeping.
     */
    record Options(Integer priority, Long expiration, boolean delayed) {
        static final Options NONE = new Options(null, null, false);
    }

    /** Turns a JMSReplyTo address back into a destination. */
    @FunctionalInterface
    public interface AddressResolver {
        Destination resolve(String address) throws JMSException;
    }

    /** One attribute the message could have, and where it goes in the marks when it does not fit. */
    private record Candidate(String name, MessageAttributeValue value, String markKey, String markValue) {
    }

    private MessageCodec() {
    }

    /**
     * Encodes a message for a backend that takes at most {@code maxAttributes} attributes per
     * message (Integer.MAX_VALUE for none).
     *
     * @throws IllegalArgumentException if {@code maxAttributes} is below {@link #MIN_ATTRIBUTES}
     */
    public static Encoded encode(WharfMessage m, int maxAttributes) throws JMSException {
        return encode(m, maxAttributes, Options.NONE);
    }

    static Encoded encode(WharfMessage m, int maxAttributes, Options o) throws JMSException {
        if (maxAttributes < MIN_ATTRIBUTES) {
            throw new IllegalArgumentException("maxAttributes " + maxAttributes + " is below " + MIN_ATTRIBUTES
                    + ": the marks attribute " + Marks.ATTRIBUTE + " needs one");
        }
        Map<String, String> marks = new LinkedHashMap<>();
        List<Candidate> candidates = new ArrayList<>();
        String body = body(m, marks, candidates);
        headers(m, o, marks, candidates);
        for (Map.Entry<String, Object> e : m.properties().entrySet()) {
            String name = e.getKey();
            Object v = e.getValue();
            MessageAttributeValue a = Values.attribute(v);
            String tagged = Values.dataType(v) + ":" + v;
            if (a != null && MessageRules.isAttributeName(name) && !RESERVED.contains(name)) {
                candidates.add(new Candidate(name, a, PROPERTY + name, tagged));
            } else {
                marks.put(PROPERTY + name, tagged);
            }
        }
        int room = maxAttributes - (marks.isEmpty() ? 0 : 1);
        if (candidates.size() > room) {
            room = maxAttributes - 1;
        }
        Map<String, MessageAttributeValue> a = new LinkedHashMap<>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            if (i < room) {
                a.put(c.name(), c.value());
            } else {
                marks.put(c.markKey(), c.markValue());
            }
        }
        if (!marks.isEmpty()) {
            a.put(Marks.ATTRIBUTE, MessageAttributeValue.string(Marks.write(marks)));
        }
        return new Encoded(body, a);
    }

    /** The body to store; the message type as AWS's library writes it, or in the marks where it has none. */
    private static String body(WharfMessage m, Map<String, String> marks, List<Candidate> candidates)
            throws JMSException {
        if (m instanceof WharfTextMessage t) {
            String text = t.getText();
            if (text == null) {
                marks.put(BODY, NONE);
                return PLACEHOLDER;
            }
            if (text.isEmpty()) {
                marks.put(BODY, EMPTY);
                return PLACEHOLDER;
            }
            if (Values.storable(text)) {
                return text;
            }
            marks.put(BODY, UTF16);
            return base64(text.getBytes(StandardCharsets.UTF_16BE));
        }
        byte[] data;
        if (m instanceof WharfBytesMessage b) {
            candidates.add(new Candidate(MESSAGE_TYPE, MessageAttributeValue.string("byte"), KIND, "bytes"));
            data = b.bytes();
        } else if (m instanceof WharfObjectMessage o) {
            candidates.add(new Candidate(MESSAGE_TYPE, MessageAttributeValue.string("object"), KIND, "object"));
            data = o.serialized();
        } else if (m instanceof WharfMapMessage map) {
            marks.put(KIND, "map");
            data = map.map().isEmpty() ? null : Values.write(new ArrayList<>(map.map().entrySet()));
        } else if (m instanceof WharfStreamMessage s) {
            marks.put(KIND, "stream");
            List<Map.Entry<String, Object>> items = new ArrayList<>();
            s.items().forEach(v -> items.add(new AbstractMap.SimpleEntry<>("", v)));
            data = items.isEmpty() ? null : Values.write(items);
        } else {
            marks.put(KIND, "message");
            data = null;
        }
        if (data == null || data.length == 0) {
            marks.put(BODY, NONE);
            return PLACEHOLDER;
        }
        return base64(data);
    }

    private static void headers(WharfMessage m, Options o, Map<String, String> marks, List<Candidate> candidates)
            throws JMSException {
        if (m.getJMSType() != null) {
            marks.put(TYPE, m.getJMSType());
        }
        byte[] correlationBytes = m.correlationIdBytesOrNull();
        String correlation = m.getJMSCorrelationID();
        if (correlationBytes != null) {
            marks.put(CORRELATION_BYTES, base64(correlationBytes));
        } else if (correlation != null) {
            MessageAttributeValue a = Values.attribute(correlation);
            if (a != null) {
                candidates.add(new Candidate(CORRELATION_ID, a, CORRELATION, correlation));
            } else {
                marks.put(CORRELATION, correlation);
            }
        }
        if (m.getJMSReplyTo() instanceof Addressable d) {
            String address = d.toAddress();
            MessageAttributeValue queue = address.startsWith(QUEUE_ADDRESS)
                    ? Values.attribute(address.substring(QUEUE_ADDRESS.length())) : null;
            if (queue != null) {
                candidates.add(new Candidate(REPLY_TO_QUEUE, queue, REPLY_TO, address));
            } else {
                marks.put(REPLY_TO, address);
            }
        }
        if (m.getJMSDeliveryMode() == DeliveryMode.NON_PERSISTENT) {
            marks.put(MODE, Integer.toString(DeliveryMode.NON_PERSISTENT));
        }
        if (o.delayed() && m.getJMSDeliveryTime() != 0) {
            marks.put(TIME, Long.toString(m.getJMSDeliveryTime()));
        }
        if (o.priority() != null) {
            marks.put(PRIORITY, o.priority().toString());
        }
        if (o.expiration() != null) {
            marks.put(EXPIRATION, o.expiration().toString());
        }
    }

    private static String base64(byte[] data) {
        return Base64.getEncoder().encodeToString(data);
    }

    /**
     * Rebuilds a received message, from Wharf or any other client; body and properties are read-only.
     *
     * @param destination its JMSDestination
     * @param replyTo turns a JMSReplyTo address back into a destination
     * @throws MessageFormatException if Wharf's marks or a body they describe cannot be read
     */
    public static WharfMessage decode(ReceivedMessage rm, Destination destination, AddressResolver replyTo)
            throws JMSException {
        Map<String, MessageAttributeValue> a = rm.messageAttributes();
        WharfMessage m;
        if (a.containsKey(LegacyCodec.KIND)) {
            m = LegacyCodec.read(rm, replyTo);
            m.setJMSPriority(rm.priority());
            m.setJMSExpiration(rm.expirationTime());
        } else {
            m = read(rm, replyTo);
        }
        m.setJMSMessageID("ID:" + rm.messageId());
        m.setJMSTimestamp(rm.sentTimestamp());
        m.setJMSRedelivered(rm.receiveCount() > 1);
        m.setJMSDestination(destination);
        if (rm.receiptHandle() != null) {
            m.putReceived("JMSXDeliveryCount", rm.receiveCount());
        }
        if (rm.messageGroupId() != null && !m.propertyExists("JMSXGroupID")) {
            m.putReceived("JMSXGroupID", rm.messageGroupId());
        }
        if (rm.senderId() != null) {
            m.putReceived("JMSXUserID", rm.senderId());
        }
        if (rm.messageDeduplicationId() != null && !m.propertyExists("JMS_SQS_DeduplicationId")) {
            m.putReceived("JMS_SQS_DeduplicationId", rm.messageDeduplicationId());
        }
        if (rm.sequenceNumber() != null) {
            m.putReceived("JMS_Wharf_SequenceNumber", rm.sequenceNumber());
            m.putReceived("JMS_SQS_SequenceNumber", rm.sequenceNumber());
        }
        m.makeReadOnly();
        if (m instanceof WharfStreamMessage s) {
            s.reset();
        }
        return m;
    }

    /** Body, properties and headers of a message in this layout. */
    private static WharfMessage read(ReceivedMessage rm, AddressResolver replyTo) throws JMSException {
        Map<String, MessageAttributeValue> a = rm.messageAttributes();
        Map<String, String> marks = marks(a);
        WharfMessage m = body(rm.body(), kind(a, marks), marks.get(BODY));
        for (Map.Entry<String, MessageAttributeValue> e : a.entrySet()) {
            if (!RESERVED.contains(e.getKey())) {
                m.putReceived(e.getKey(), property(e.getKey(), e.getValue()));
            }
        }
        for (Map.Entry<String, String> e : marks.entrySet()) {
            if (e.getKey().startsWith(PROPERTY)) {
                m.putReceived(e.getKey().substring(PROPERTY.length()), marked(e.getKey(), e.getValue()));
            }
        }
        m.setJMSType(marks.get(TYPE));
        if (marks.containsKey(CORRELATION_BYTES)) {
            m.setJMSCorrelationIDAsBytes(decode64(CORRELATION_BYTES, marks.get(CORRELATION_BYTES)));
        } else {
            m.setJMSCorrelationID(correlation(a, marks));
        }
        MessageAttributeValue queue = a.get(REPLY_TO_QUEUE);
        if (queue != null && queue.stringValue() != null) {
            m.setJMSReplyTo(replyTo.resolve(QUEUE_ADDRESS + queue.stringValue()));
        } else if (marks.containsKey(REPLY_TO)) {
            m.setJMSReplyTo(replyTo.resolve(marks.get(REPLY_TO)));
        }
        m.setJMSDeliveryMode(nonPersistent(marks) ? DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT);
        m.setJMSDeliveryTime(marks.containsKey(TIME) ? number(TIME, marks.get(TIME)) : rm.sentTimestamp());
        m.setJMSPriority(marks.containsKey(PRIORITY) ? (int) number(PRIORITY, marks.get(PRIORITY)) : rm.priority());
        m.setJMSExpiration(marks.containsKey(EXPIRATION) ? number(EXPIRATION, marks.get(EXPIRATION))
                : rm.expirationTime());
        return m;
    }

    private static Map<String, String> marks(Map<String, MessageAttributeValue> a) throws JMSException {
        MessageAttributeValue v = a.get(Marks.ATTRIBUTE);
        if (v == null) {
            return Map.of();
        }
        if (v.stringValue() == null) {
            throw new MessageFormatException("the attribute " + Marks.ATTRIBUTE + " is a " + v.dataType()
                    + " attribute, not String");
        }
        return Marks.read(v.stringValue());
    }

    /** The message type: Wharf's mark, else AWS's library's attribute, else text. */
    private static String kind(Map<String, MessageAttributeValue> a, Map<String, String> marks) {
        String kind = marks.get(KIND);
        if (kind != null) {
            return kind;
        }
        MessageAttributeValue type = a.get(MESSAGE_TYPE);
        String aws = type == null ? null : type.stringValue();
        return "byte".equals(aws) ? "bytes" : "object".equals(aws) ? "object" : "text";
    }

    private static WharfMessage body(String body, String kind, String how) throws JMSException {
        boolean none = NONE.equals(how);
        switch (kind) {
            case "text" -> {
                WharfTextMessage t = new WharfTextMessage();
                t.setText(none ? null : EMPTY.equals(how) ? "" : UTF16.equals(how)
                        ? new String(decode64("the body", body), StandardCharsets.UTF_16BE) : body);
                return t;
            }
            case "bytes" -> {
                WharfBytesMessage b = new WharfBytesMessage();
                b.received(none ? new byte[0] : decode64("the body", body));
                return b;
            }
            case "object" -> {
                WharfObjectMessage o = new WharfObjectMessage();
                o.serialized(none ? null : decode64("the body", body));
                return o;
            }
            case "map" -> {
                WharfMapMessage map = new WharfMapMessage();
                if (!none) {
                    Values.read(decode64("the body", body)).forEach(e -> map.map().put(e.getKey(), e.getValue()));
                }
                return map;
            }
            case "stream" -> {
                WharfStreamMessage s = new WharfStreamMessage();
                List<Object> items = new ArrayList<>();
                if (!none) {
                    Values.read(decode64("the body", body)).forEach(e -> items.add(e.getValue()));
                }
                s.received(items);
                return s;
            }
            case "message" -> {
                return new WharfMessage();
            }
            default -> throw new MessageFormatException("the attribute " + Marks.ATTRIBUTE
                    + " names the message type '" + kind + "', not map, stream, message, bytes or object");
        }
    }

    private static byte[] decode64(String what, String text) throws JMSException {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new MessageFormatException(what + " is not base64: " + e.getMessage());
        }
    }

    private static long number(String key, String value) throws JMSException {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new MessageFormatException("the mark " + key + " of " + Marks.ATTRIBUTE + " is '" + value
                    + "', not a number");
        }
    }

    private static boolean nonPersistent(Map<String, String> marks) {
        return Integer.toString(DeliveryMode.NON_PERSISTENT).equals(marks.get(MODE));
    }

    private static String correlation(Map<String, MessageAttributeValue> a, Map<String, String> marks) {
        MessageAttributeValue c = a.get(CORRELATION_ID);
        return c != null && c.stringValue() != null ? c.stringValue() : marks.get(CORRELATION);
    }

    /** An attribute as a property, or a format error naming it. */
    private static Object property(String name, MessageAttributeValue v) throws JMSException {
        try {
            return Values.value(v);
        } catch (RuntimeException e) {
            throw new MessageFormatException("the attribute " + name + " (" + v.dataType() + ") has value '"
                    + v.stringValue() + "', not one of its type");
        }
    }

    /** A property kept in the marks as {@code <data type>:<value>}. */
    private static Object marked(String key, String tagged) throws JMSException {
        int colon = tagged.indexOf(':');
        if (colon < 0) {
            throw new MessageFormatException("the mark " + key + " of " + Marks.ATTRIBUTE + " is '" + tagged
                    + "', not <data type>:<value>");
        }
        String type = tagged.substring(0, colon);
        String value = tagged.substring(colon + 1);
        return type.equals("String") ? value : property(key, new MessageAttributeValue(type, value, null));
    }

    /**
     * The value of a selector identifier for a stored message, without reading its body. The marks
     * are read at the first lookup that needs them and kept for the rest.
     */
    public static Function<String, Object> selectorValues(MessageHeaders v) {
        return v.messageAttributes().containsKey(LegacyCodec.KIND) ? LegacyCodec.selectorValues(v) : new Lookup(v);
    }

    /** Selector values of one stored message; one per view and thread. */
    private static final class Lookup implements Function<String, Object> {
        private final MessageHeaders view;
        private final Map<String, MessageAttributeValue> attributes;
        private Map<String, String> marks;

        Lookup(MessageHeaders view) {
            this.view = view;
            this.attributes = view.messageAttributes();
        }

        private Map<String, String> marks() {
            if (marks == null) {
                try {
                    marks = MessageCodec.marks(attributes);
                } catch (JMSException e) {
                    throw new IllegalArgumentException("message " + view.messageId() + ": " + e.getMessage(), e);
                }
            }
            return marks;
        }

        @Override
        public Object apply(String name) {
            try {
                return value(name);
            } catch (JMSException e) {
                throw new IllegalArgumentException("message " + view.messageId() + ": " + e.getMessage(), e);
            }
        }

        private Object value(String name) throws JMSException {
            return switch (name) {
                case "JMSDeliveryMode" -> nonPersistent(marks()) ? "NON_PERSISTENT" : "PERSISTENT";
                case "JMSPriority" -> marks().containsKey(PRIORITY)
                        ? (int) number(PRIORITY, marks().get(PRIORITY)) : view.priority();
                case "JMSMessageID" -> "ID:" + view.messageId();
                case "JMSTimestamp" -> view.sentTimestamp();
                case "JMSCorrelationID" -> marks().containsKey(CORRELATION_BYTES)
                        ? new String(decode64(CORRELATION_BYTES, marks().get(CORRELATION_BYTES)),
                                StandardCharsets.UTF_8)
                        : correlation(attributes, marks());
                case "JMSType" -> marks().get(TYPE);
                case "JMSXDeliveryCount" -> view.receiveCount();
                default -> {
                    MessageAttributeValue a = RESERVED.contains(name) ? null : attributes.get(name);
                    Object p = a != null ? property(name, a)
                            : marks().containsKey(PROPERTY + name) ? marked(PROPERTY + name, marks().get(PROPERTY + name))
                            : null;
                    yield p == null && name.equals("JMSXGroupID") ? view.messageGroupId() : p;
                }
            };
        }
    }
}
