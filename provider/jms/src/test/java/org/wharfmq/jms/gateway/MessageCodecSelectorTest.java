package org.wharfmq.jms.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** Selectors read headers and properties from the stored attributes and marks, of Wharf's messages and others'. */
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
    void selectorGivesTheSameAnswerAtEveryLimit(String selector, boolean expected) throws JMSException {
        for (Layout layout : Layout.values()) {
            assertEquals(expected, matches(selector, layout, "g-1"), layout.name());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "customer = 42                          | true",
        "customer > 40 AND price < 2            | true",
        "name = 'Ann'                           | true",
        "qty = 5 AND ok                         | true",
        "customer = 43                          | false",
    })
    void selectorReadsAForeignMessagesAttributes(String selector, boolean expected) throws JMSException {
        ReceivedMessage view = Encodings.received(new MessageCodec.Encoded("x", Map.of(
                "customer", MessageAttributeValue.number("42"), "price", MessageAttributeValue.number("1.5"),
                "name", MessageAttributeValue.string("Ann"),
                "qty", new MessageAttributeValue("Number.int", "5", null),
                "ok", new MessageAttributeValue("Number.Boolean", "1", null))), null);
        assertEquals(expected, Selector.parse(selector).matches(MessageCodec.selectorValues(view)));
    }

    @Test
    void unreadableMarksFailTheLookupNamingTheMessage() {
        Map<String, MessageAttributeValue> a = Map.of("JMS_Wharf", MessageAttributeValue.string("{\"kind\""));
        ReceivedMessage view = Encodings.received(new MessageCodec.Encoded("-", a), null);
        Function<String, Object> values = MessageCodec.selectorValues(view);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> values.apply("color"));
        assertTrue(e.getMessage().startsWith("message m-1: "), e.getMessage());
    }
}
