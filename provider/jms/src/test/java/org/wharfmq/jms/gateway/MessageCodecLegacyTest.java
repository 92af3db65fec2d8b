package org.wharfmq.jms.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleEntry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.gateway.Encodings.Address;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.WharfTextMessage;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.MessageAttributeValue;

/** Messages stored in Wharf's earlier layouts, as earlier versions wrote them, stay readable. */
class MessageCodecLegacyTest {

    /** A text message with JMSType, NON_PERSISTENT and two properties, in the earlier attribute layout. */
    private static MessageCodec.Encoded attributeLayout() {
        Map<String, MessageAttributeValue> a = new LinkedHashMap<>();
        a.put("w.kind", MessageAttributeValue.string("text"));
        a.put("w.body", MessageAttributeValue.string("plain"));
        a.put("h.JMSType", MessageAttributeValue.string("order"));
        a.put("h.JMSDeliveryMode", MessageAttributeValue.number("1"));
        a.put("h.JMSReplyTo", MessageAttributeValue.string("topic:news"));
        a.put("p.customer", MessageAttributeValue.string("42"));
        a.put("p.ok", new MessageAttributeValue("String.boolean", "true", null));
        a.put("p.blank", new MessageAttributeValue("Binary.string", null, new byte[0]));
        a.put("p.na-00EFve", new MessageAttributeValue("String.double", "1.5", null));
        return new MessageCodec.Encoded("hello", a);
    }

    /** The same message in the earlier packed layout. */
    private static MessageCodec.Encoded packedLayout() throws JMSException {
        byte[] packed = Values.write(List.of(new SimpleEntry<>("h.JMSType", "order"),
                new SimpleEntry<>("h.JMSDeliveryMode", 1), new SimpleEntry<>("h.JMSReplyTo", "topic:news"),
                new SimpleEntry<>("p.customer", "42"), new SimpleEntry<>("p.ok", true),
                new SimpleEntry<>("p.blank", ""), new SimpleEntry<>("p.naïve", 1.5)));
        return new MessageCodec.Encoded("hello", Map.of("w.kind", MessageAttributeValue.string("text"),
                "w.body", MessageAttributeValue.string("plain"), "w.props", MessageAttributeValue.binary(packed)));
    }

    private static void assertTheMessage(MessageCodec.Encoded e) throws JMSException {
        WharfMessage m = MessageCodec.decode(Encodings.received(e, null), null, Address::new);
        assertEquals("hello", assertInstanceOf(WharfTextMessage.class, m).getText());
        assertEquals("order", m.getJMSType());
        assertEquals(DeliveryMode.NON_PERSISTENT, m.getJMSDeliveryMode());
        assertEquals(new Address("topic:news"), m.getJMSReplyTo());
        assertEquals("42", m.getObjectProperty("customer"));
        assertEquals(true, m.getObjectProperty("ok"));
        assertEquals("", m.getObjectProperty("blank"));
        assertEquals(1.5, m.getObjectProperty("naïve"));
    }

    @Test
    void aMessageInTheEarlierAttributeLayoutStaysReadable() throws JMSException {
        assertTheMessage(attributeLayout());
    }

    @Test
    void aMessageInTheEarlierPackedLayoutStaysReadable() throws JMSException {
        assertTheMessage(packedLayout());
    }

    @Test
    void selectorsReadBothEarlierLayouts() throws JMSException {
        Selector s = Selector.parse("customer = '42' AND ok AND JMSType = 'order' AND JMSDeliveryMode = 'NON_PERSISTENT'");
        assertTrue(s.matches(MessageCodec.selectorValues(Encodings.received(attributeLayout(), null))));
        assertTrue(s.matches(MessageCodec.selectorValues(Encodings.received(packedLayout(), null))));
    }

    @Test
    void anEarlierTextMessageOfCharactersSqsRefusesStaysReadable() throws JMSException {
        String text = "a\u0000b";
        MessageCodec.Encoded e = new MessageCodec.Encoded(java.util.Base64.getEncoder().encodeToString(
                text.getBytes(StandardCharsets.UTF_16BE)), Map.of("w.kind", MessageAttributeValue.string("text"),
                "w.body", MessageAttributeValue.string("base64")));
        WharfMessage m = MessageCodec.decode(Encodings.received(e, null), null, Address::new);
        assertEquals(text, ((WharfTextMessage) m).getText());
    }
}
