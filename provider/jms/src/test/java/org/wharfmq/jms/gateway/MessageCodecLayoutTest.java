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

/** Which layout a message takes, and that every message type, header and property survives both. */
class MessageCodecLayoutTest {

    /** A message with {@code n} int properties p0..p(n-1) and nothing else set. */
    private static WharfMessage withProperties(int n) throws JMSException {
        WharfMessage m = new WharfMessage();
        for (int i = 0; i < n; i++) {
            m.setIntProperty("p" + i, i * 7);
        }
        return m;
    }

    @Test
    void attributeLayoutIsKeptWhileItLeavesTwoOfTheLimitFree() throws JMSException {
        // w.kind, w.body, h.JMSDeliveryMode and 5 properties: 8 attributes, 10 - 2.
        MessageCodec.Encoded e = MessageCodec.encode(withProperties(5), 10);
        assertEquals(8, e.attributes().size());
        assertFalse(e.attributes().containsKey("w.props"));
    }

    @Test
    void oneAttributeMoreThanLimitLessTwoIsPacked() throws JMSException {
        MessageCodec.Encoded e = MessageCodec.encode(withProperties(6), 10);
        assertEquals(List.of("w.kind", "w.body", "w.props"), List.copyOf(e.attributes().keySet()));
        assertEquals("Binary", e.attributes().get("w.props").dataType());
    }

    @Test
    void thirtyPropertiesFitInTenAttributes() throws JMSException {
        WharfMessage m = withProperties(30);
        m.setJMSType("order");
        m.setJMSCorrelationID("c-1");
        m.setJMSReplyTo(new Address("queue:replies"));
        m.setJMSDeliveryTime(Encodings.SENT + 5);
        MessageCodec.Encoded e = MessageCodec.encode(m, 10);
        assertTrue(e.attributes().size() <= 10 - MessageCodec.RESERVED_ATTRIBUTES, e.attributes().keySet()::toString);
        WharfMessage back = MessageCodec.decode(Encodings.received(e, null), null, Address::new);
        for (int i = 0; i < 30; i++) {
            assertEquals(i * 7, back.getObjectProperty("p" + i), "p" + i);
        }
        assertEquals("order", back.getJMSType());
    }

    @Test
    void unlimitedLayoutWritesOneTypedAttributePerHeaderAndProperty() throws JMSException {
        WharfTextMessage m = new WharfTextMessage();
        m.setText("hi");
        m.setJMSType("order");
        m.setJMSCorrelationIDAsBytes(new byte[] {1, 2});
        m.setJMSReplyTo(new Address("queue:replies"));
        m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        m.setJMSDeliveryTime(42);
        m.setStringProperty("color", "red");
        m.setStringProperty("blank", "");
        m.setIntProperty("n", 7);
        m.setBooleanProperty("ok", true);
        m.setDoubleProperty("naïve", 1.5);
        Map<String, MessageAttributeValue> expected = new LinkedHashMap<>();
        expected.put("w.kind", MessageAttributeValue.string("text"));
        expected.put("w.body", MessageAttributeValue.string("plain"));
        expected.put("h.JMSType", MessageAttributeValue.string("order"));
        expected.put("h.JMSCorrelationID", new MessageAttributeValue("Binary.bytes", null, new byte[] {1, 2}));
        expected.put("h.JMSReplyTo", MessageAttributeValue.string("queue:replies"));
        expected.put("h.JMSDeliveryMode", MessageAttributeValue.number("1"));
        expected.put("h.JMSDeliveryTime", MessageAttributeValue.number("42"));
        expected.put("p.color", MessageAttributeValue.string("red"));
        expected.put("p.blank", new MessageAttributeValue("Binary.string", null, new byte[0]));
        expected.put("p.n", new MessageAttributeValue("Number.int", "7", null));
        expected.put("p.ok", new MessageAttributeValue("String.boolean", "true", null));
        expected.put("p.na-00EFve", new MessageAttributeValue("String.double", "1.5", null));
        MessageCodec.Encoded e = MessageCodec.encode(m, Integer.MAX_VALUE);
        assertEquals("hi", e.body());
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(e.attributes().entrySet()));
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 1, 0, -10})
    void limitBelowWhatThePackedLayoutNeedsIsRejectedNamingIt(int limit) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MessageCodec.encode(new WharfMessage(), limit));
        assertTrue(e.getMessage().contains("maxAttributes " + limit + " "), e.getMessage());
    }

    @Test
    void unreadablePackedAttributeIsAFormatError() {
        Map<String, MessageAttributeValue> a = Map.of("w.kind", MessageAttributeValue.string("message"),
                "w.body", MessageAttributeValue.string("none"),
                "w.props", MessageAttributeValue.binary(new byte[] {0x7f, 0, 0, 0}));
        MessageCodec.Encoded e = new MessageCodec.Encoded("-", a);
        MessageFormatException x = assertThrows(MessageFormatException.class,
                () -> MessageCodec.decode(Encodings.received(e, null), null, Address::new));
        assertTrue(x.getMessage().contains("count 2130706432"), x.getMessage());
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
    void headersSurvive(Layout layout) throws JMSException {
        WharfMessage m = new WharfMessage();
        m.setJMSType("order");
        m.setJMSCorrelationID("c-1");
        m.setJMSReplyTo(new Address("temp-queue:replies"));
        m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        m.setJMSDeliveryTime(Encodings.SENT + 900);
        WharfMessage back = roundTrip(m, layout);
        assertEquals("order", back.getJMSType());
        assertEquals("c-1", back.getJMSCorrelationID());
        assertEquals(new Address("temp-queue:replies"), back.getJMSReplyTo());
        assertEquals(DeliveryMode.NON_PERSISTENT, back.getJMSDeliveryMode());
        assertEquals(Encodings.SENT + 900, back.getJMSDeliveryTime());
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
    void bodyIsWrittenTheSameInBothLayouts(Layout layout) throws JMSException {
        WharfTextMessage m = typed(new WharfTextMessage());
        m.setText("same");
        MessageCodec.Encoded e = Encodings.encode(m, layout);
        assertEquals("same", e.body());
        assertEquals(MessageAttributeValue.string("text"), e.attributes().get("w.kind"));
        assertEquals(MessageAttributeValue.string("plain"), e.attributes().get("w.body"));
    }
}
