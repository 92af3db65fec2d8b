package org.wharfmq.jms.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Function;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wharfmq.jms.gateway.Encodings.Address;
import org.wharfmq.jms.gateway.Encodings.Layout;
import org.wharfmq.jms.selector.Selector;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.jms.message.WharfMessage;

/** Selectors read headers and properties from the stored attributes, whichever the layout. */
class MessageCodecSelectorTest {

    private static WharfMessage order() throws JMSException {
        WharfMessage m = new WharfMessage();
        m.setJMSType("order");
        m.setJMSCorrelationID("c-1");
        m.setJMSReplyTo(new Address("queue:replies"));
        m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        m.setStringProperty("color", "red");
        m.setIntProperty("n", 7);
        m.setLongProperty("big", 1L << 40);
        m.setDoubleProperty("price", 1.5);
        m.setBooleanProperty("urgent", true);
        m.setShortProperty("size", (short) 2);
        m.setStringProperty("état", "neuf");
        return m;
    }

    private static boolean matches(String selector, Layout layout, String groupId) throws JMSException {
        ReceivedMessage view = Encodings.received(Encodings.encode(order(), layout), groupId);
        return Selector.parse(selector).matches(MessageCodec.selectorValues(view));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "color = 'red'                          | true",
        "color = 'blue'                         | false",
        "n > 5 AND n < 8                        | true",
        "big = 1099511627776                    | true",
        "price BETWEEN 1.0 AND 2.0              | true",
        "urgent                                 | true",
        "NOT urgent                             | false",
        "color IN ('blue', 'red')               | true",
        "size = 2                               | true",
        "état = 'neuf'                          | true",
        "missing IS NULL                        | true",
        "missing = 'x'                          | false",
        "JMSType = 'order'                      | true",
        "JMSCorrelationID LIKE 'c-%'            | true",
        "JMSDeliveryMode = 'NON_PERSISTENT'     | true",
        "JMSPriority = 4                        | true",
        "JMSMessageID = 'ID:m-1'                | true",
        "JMSXDeliveryCount = 1                  | true",
        "JMSXGroupID = 'g-1'                    | true",
        "JMSReplyTo IS NULL                     | true",
    })
    void selectorGivesTheSameAnswerInBothLayouts(String selector, boolean expected) throws JMSException {
        assertEquals(expected, matches(selector, Layout.ATTRIBUTES, "g-1"), "attribute layout");
        assertEquals(expected, matches(selector, Layout.PACKED, "g-1"), "packed layout");
    }

    @Test
    void packedPropertiesAreDecodedOncePerView() throws JMSException {
        ReceivedMessage view = Encodings.received(Encodings.encode(order(), Layout.PACKED), null);
        Function<String, Object> values = MessageCodec.selectorValues(view);
        Object first = values.apply("color");
        assertNotNull(first);
        // A second decode would build a new String; the same one means the first decode was kept.
        assertSame(first, values.apply("color"));
        assertEquals("order", values.apply("JMSType"));
    }

    @Test
    void unreadablePackedPropertiesFailTheLookupNamingTheMessage() {
        Map<String, MessageAttributeValue> a = Map.of("w.kind", MessageAttributeValue.string("message"),
                "w.body", MessageAttributeValue.string("none"),
                "w.props", MessageAttributeValue.binary(new byte[] {0, 0, 0, 1, 0}));
        ReceivedMessage view = Encodings.received(new MessageCodec.Encoded("-", a), null);
        Function<String, Object> values = MessageCodec.selectorValues(view);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> values.apply("color"));
        assertTrue(e.getMessage().startsWith("message m-1: "), e.getMessage());
    }
}
