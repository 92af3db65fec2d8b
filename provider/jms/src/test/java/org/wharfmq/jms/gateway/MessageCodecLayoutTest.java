package org.wharfmq.jms.gateway;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.jms.gateway.Encodings.roundTrip;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.jms.gateway.Encodings.Address;
import org.wharfmq.jms.gateway.Encodings.Layout;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.jms.message.WharfObjectMessage;
import org.wharfmq.jms.message.WharfStreamMessage;
import org.wharfmq.jms.message.WharfMapMessage;
import org.wharfmq.jms.message.WharfBytesMessage;
import org.wharfmq.jms.message.WharfTextMessage;
import org.wharfmq.jms.message.WharfMessage;

/** Which attributes a message gets, and that every message type, header and property survives at every limit. */
class MessageCodecLayoutTest {

    /** A text message with {@code n} int properties p0..p(n-1) and nothing else set. */
    private static WharfMessage withProperties(int n) throws JMSException {
        WharfMessage m = text();
        for (int i = 0; i < n; i++) {
            m.setIntProperty("p" + i, i * 7);
        }
        return m;
    }

    /** A text message with a body, so that only what a test sets needs an attribute. */
    private static WharfTextMessage text() throws JMSException {
        WharfTextMessage m = new WharfTextMessage();
        m.setText("x");
        return m;
    }

    private static Map<String, String> marks(MessageCodec.Encoded e) throws JMSException {
        MessageAttributeValue v = e.attributes().get("JMS_Wharf");
        return v == null ? Map.of() : Marks.read(v.stringValue());
    }

    @Test
    void aPropertyIsAnAttributeOfItsOwnName() throws JMSException {
        WharfTextMessage m = new WharfTextMessage();
        m.setText("hi");
        m.setStringProperty("customer", "42");
        MessageCodec.Encoded e = MessageCodec.encode(m, 9);
        assertEquals(Map.of("customer", MessageAttributeValue.string("42")), e.attributes());
        assertEquals("hi", e.body());
    }

    @Test
    void propertiesAreTypedAsAwsJmsLibraryTypesThem() throws JMSException {
        WharfMessage m = text();
        m.setBooleanProperty("ok", true);
        m.setBooleanProperty("no", false);
        m.setByteProperty("y", (byte) 1);
        m.setShortProperty("s", (short) 2);
        m.setIntProperty("i", 3);
        m.setLongProperty("l", 4L);
        m.setFloatProperty("f", 1.5f);
        m.setDoubleProperty("d", 2.5);
        Map<String, MessageAttributeValue> expected = new LinkedHashMap<>();
        expected.put("ok", new MessageAttributeValue("Number.Boolean", "1", null));
        expected.put("no", new MessageAttributeValue("Number.Boolean", "0", null));
        expected.put("y", new MessageAttributeValue("Number.byte", "1", null));
        expected.put("s", new MessageAttributeValue("Number.short", "2", null));
        expected.put("i", new MessageAttributeValue("Number.int", "3", null));
        expected.put("l", new MessageAttributeValue("Number.long", "4", null));
        expected.put("f", new MessageAttributeValue("Number.float", "1.5", null));
        expected.put("d", new MessageAttributeValue("Number.double", "2.5", null));
        assertEquals(expected, MessageCodec.encode(m, Integer.MAX_VALUE).attributes());
    }

    @Test
    void aPersistentTextMessageWithoutHeadersHasNoAttributeOfWharf() throws JMSException {
        WharfTextMessage m = new WharfTextMessage();
        m.setText("plain");
        m.setJMSDeliveryMode(DeliveryMode.PERSISTENT);
        m.setJMSDeliveryTime(Encodings.SENT);
        assertEquals(Map.of(), MessageCodec.encode(m, 9).attributes());
    }

    @Test
    void bytesAndObjectMessagesNameTheirTypeAsAwsJmsLibraryDoes() throws JMSException {
        WharfBytesMessage b = new WharfBytesMessage();
        b.writeBytes(new byte[] {1, 2, 3});
        MessageCodec.Encoded e = MessageCodec.encode(b, 9);
        assertEquals(Map.of("JMS_SQSMessageType", MessageAttributeValue.string("byte")), e.attributes());
        assertEquals("AQID", e.body());
        WharfObjectMessage o = new WharfObjectMessage();
        o.setObject("x");
        assertEquals(MessageAttributeValue.string("object"),
                MessageCodec.encode(o, 9).attributes().get("JMS_SQSMessageType"));
    }

    @Test
    void correlationIdAndReplyToQueueAreAwsJmsLibraryAttributes() throws JMSException {
        WharfMessage m = text();
        m.setJMSCorrelationID("c-1");
        m.setJMSReplyTo(new Address("queue:replies"));
        assertEquals(Map.of("JMS_SQSCorrelationID", MessageAttributeValue.string("c-1"),
                "JMS_SQSReplyToQueueName", MessageAttributeValue.string("replies")),
                MessageCodec.encode(m, 9).attributes());
    }

    @Test
    void headersWithoutAnAwsAttributeShareOneAttributeOfMarks() throws JMSException {
        WharfMessage m = text();
        m.setJMSType("order");
        m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        m.setJMSReplyTo(new Address("topic:news"));
        m.setJMSDeliveryTime(Encodings.SENT + 5_000);
        MessageCodec.Encoded e = MessageCodec.encode(m, 9, new MessageCodec.Options(7, 99L, true));
        assertEquals(List.of("JMS_Wharf"), List.copyOf(e.attributes().keySet()));
        assertEquals(Map.of("type", "order", "mode", "1", "replyTo", "topic:news",
                "time", Long.toString(Encodings.SENT + 5_000), "priority", "7", "expiration", "99"), marks(e));
        WharfMessage back = MessageCodec.decode(Encodings.received(e, null), null, Address::new);
        assertEquals(7, back.getJMSPriority());
        assertEquals(99L, back.getJMSExpiration());
    }

    @Test
    void propertiesBeyondTheAttributeLimitGoIntoTheMarksAndComeBack() throws JMSException {
        MessageCodec.Encoded e = MessageCodec.encode(withProperties(12), 9);
        assertEquals(9, e.attributes().size());
        for (int i = 0; i < 8; i++) {
            assertEquals(new MessageAttributeValue("Number.int", Integer.toString(i * 7), null),
                    e.attributes().get("p" + i), "p" + i);
        }
        assertEquals(Map.of("p.p8", "Number.int:56", "p.p9", "Number.int:63", "p.p10", "Number.int:70",
                "p.p11", "Number.int:77"), marks(e));
        WharfMessage back = MessageCodec.decode(Encodings.received(e, null), null, Address::new);
        for (int i = 0; i < 12; i++) {
            assertEquals(i * 7, back.getObjectProperty("p" + i), "p" + i);
        }
    }

    @Test
    void aPropertyNameSqsRefusesGoesIntoTheMarks() throws JMSException {
        WharfMessage m = text();
        m.setStringProperty("état", "neuf");
        m.setIntProperty("a$b", 1);
        MessageCodec.Encoded e = MessageCodec.encode(m, 9);
        assertEquals(Map.of("p.état", "String:neuf", "p.a$b", "Number.int:1"), marks(e));
        assertEquals(List.of("JMS_Wharf"), List.copyOf(e.attributes().keySet()));
    }

    @Test
    void aValueSqsCannotCarryGoesIntoTheMarks() throws JMSException {
        WharfMessage m = text();
        m.setStringProperty("empty", "");
        m.setStringProperty("control", "a\u0001b");
        m.setDoubleProperty("huge", 1e300);
        m.setFloatProperty("nan", Float.NaN);
        assertEquals(Map.of("p.empty", "String:", "p.control", "String:a\u0001b", "p.huge", "Number.double:1.0E300",
                "p.nan", "Number.float:NaN"), marks(MessageCodec.encode(m, 9)));
    }

    @Test
    void aPropertyNamedAsAnAwsHeaderAttributeGoesIntoTheMarks() throws JMSException {
        WharfMessage m = text();
        m.setStringProperty("JMS_SQSCorrelationID", "mine");
        WharfMessage back = MessageCodec.decode(Encodings.received(MessageCodec.encode(m, 9), null), null,
                Address::new);
        assertEquals("mine", back.getStringProperty("JMS_SQSCorrelationID"));
        assertNull(back.getJMSCorrelationID());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -10})
    void limitBelowWhatTheMarksNeedIsRejectedNamingIt(int limit) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MessageCodec.encode(new WharfMessage(), limit));
        assertTrue(e.getMessage().contains("maxAttributes " + limit + " "), e.getMessage());
    }

    @Test
    void unreadableMarksAreAFormatErrorNamingTheAttribute() {
        MessageCodec.Encoded e = new MessageCodec.Encoded("x",
                Map.of("JMS_Wharf", MessageAttributeValue.string("{\"kind\":")));
        MessageFormatException x = assertThrows(MessageFormatException.class,
                () -> MessageCodec.decode(Encodings.received(e, null), null, Address::new));
        assertTrue(x.getMessage().contains("JMS_Wharf"), x.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void everyPropertyTypeKeepsItsValueAndType(Layout layout) throws JMSException {
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("b", true);
        props.put("y", (byte) -3);
        props.put("s", (short) 300);
        props.put("i", 70_000);
        props.put("l", 1L << 40);
        props.put("f", 1.25f);
        props.put("d", -2.5e300);
        props.put("str", "red");
        props.put("empty", "");
        props.put("odd", "tab\there \u0001 \uD83D\uDE00");
        props.put("état_1", "été");
        props.put("JMSXGroupID", "g-1");
        WharfMessage m = new WharfMessage();
        for (Map.Entry<String, Object> p : props.entrySet()) {
            m.setObjectProperty(p.getKey(), p.getValue());
        }
        WharfMessage back = roundTrip(m, layout);
        for (Map.Entry<String, Object> p : props.entrySet()) {
            Object v = back.getObjectProperty(p.getKey());
            assertEquals(p.getValue(), v, p.getKey());
            assertEquals(p.getValue().getClass(), v.getClass(), p.getKey());
        }
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void headersSurviveAtEveryLimit(Layout layout) throws JMSException {
        WharfMessage m = new WharfMessage();
        m.setJMSType("order");
        m.setJMSCorrelationID("c-1");
        m.setJMSReplyTo(new Address("temp-queue:replies"));
        m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        WharfMessage back = roundTrip(m, layout);
        assertEquals("order", back.getJMSType());
        assertEquals("c-1", back.getJMSCorrelationID());
        assertEquals(new Address("temp-queue:replies"), back.getJMSReplyTo());
        assertEquals(DeliveryMode.NON_PERSISTENT, back.getJMSDeliveryMode());
        assertEquals(new Address("queue:here"), back.getJMSDestination());
        assertEquals("ID:m-1", back.getJMSMessageID());
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void correlationIdSetAsBytesComesBackAsBytes(Layout layout) throws JMSException {
        WharfMessage m = new WharfMessage();
        m.setJMSType("order");
        m.setJMSCorrelationIDAsBytes(new byte[] {0, -1, 7});
        assertArrayEquals(new byte[] {0, -1, 7}, roundTrip(m, layout).getJMSCorrelationIDAsBytes());
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void headersNotSetStayUnset(Layout layout) throws JMSException {
        WharfMessage m = new WharfMessage();
        m.setIntProperty("n", 1);
        m.setStringProperty("s", "x");
        WharfMessage back = roundTrip(m, layout);
        assertNull(back.getJMSType());
        assertNull(back.getJMSCorrelationID());
        assertNull(back.getJMSReplyTo());
        assertEquals(DeliveryMode.PERSISTENT, back.getJMSDeliveryMode());
        assertEquals(Encodings.SENT, back.getJMSDeliveryTime());
    }

    /** A message of each type with a type header set, so the packed limit packs it. */
    private static <T extends WharfMessage> T typed(T m) {
        m.setJMSType("kind-test");
        return m;
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void textBodiesSurvive(Layout layout) throws JMSException {
        for (String text : new String[] {"hello", "", "a\u0000b \uD83D\uDE00", null}) {
            WharfTextMessage m = typed(new WharfTextMessage());
            m.setText(text);
            assertEquals(text, assertInstanceOf(WharfTextMessage.class, roundTrip(m, layout)).getText());
        }
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void bytesBodiesSurvive(Layout layout) throws JMSException {
        for (byte[] data : new byte[][] {{1, 2, -128}, {}}) {
            WharfBytesMessage m = typed(new WharfBytesMessage());
            m.writeBytes(data);
            WharfBytesMessage back = assertInstanceOf(WharfBytesMessage.class, roundTrip(m, layout));
            byte[] read = new byte[(int) back.getBodyLength()];
            back.readBytes(read);
            assertArrayEquals(data, read);
        }
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void mapBodiesSurvive(Layout layout) throws JMSException {
        WharfMapMessage m = typed(new WharfMapMessage());
        m.setInt("i", 3);
        m.setChar("c", 'x');
        m.setBytes("raw", new byte[] {9});
        m.setString("s", "v");
        m.setDouble("d", 0.5);
        WharfMapMessage back = assertInstanceOf(WharfMapMessage.class, roundTrip(m, layout));
        assertEquals(3, back.getInt("i"));
        assertEquals('x', back.getChar("c"));
        assertArrayEquals(new byte[] {9}, back.getBytes("raw"));
        assertEquals("v", back.getString("s"));
        assertEquals(0.5, back.getDouble("d"));
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void streamBodiesSurvive(Layout layout) throws JMSException {
        WharfStreamMessage m = typed(new WharfStreamMessage());
        m.writeLong(5L);
        m.writeString("two");
        m.writeBoolean(false);
        WharfStreamMessage back = assertInstanceOf(WharfStreamMessage.class, roundTrip(m, layout));
        assertEquals(5L, back.readLong());
        assertEquals("two", back.readString());
        assertFalse(back.readBoolean());
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void objectBodiesSurvive(Layout layout) throws JMSException {
        WharfObjectMessage m = typed(new WharfObjectMessage());
        m.setObject(new java.util.ArrayList<>(List.of("a", 1)));
        assertEquals(List.of("a", 1), assertInstanceOf(WharfObjectMessage.class, roundTrip(m, layout)).getObject());
        WharfObjectMessage empty = typed(new WharfObjectMessage());
        assertNull(assertInstanceOf(WharfObjectMessage.class, roundTrip(empty, layout)).getObject());
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void messagesWithoutBodySurvive(Layout layout) throws JMSException {
        WharfMessage back = roundTrip(typed(new WharfMessage()), layout);
        assertEquals(WharfMessage.class, back.getClass());
        assertEquals("kind-test", back.getJMSType());
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void bodyIsWrittenTheSameAtEveryLimit(Layout layout) throws JMSException {
        WharfTextMessage m = typed(new WharfTextMessage());
        m.setText("same");
        assertEquals("same", Encodings.encode(m, layout).body());
    }
}
