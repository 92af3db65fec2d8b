package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Set;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;

/** What a JMSProducer keeps: properties with the JMS type conversions, headers and send options. */
class ProducerPropertiesTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("producer-properties");

    private JMSContext context;
    private JMSProducer producer;

    @BeforeEach
    void open() {
        context = FACTORY.createContext();
        producer = context.createProducer();
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void propertyReadsBackAsTheTypeItWasSetAs() {
        producer.setProperty("b", true).setProperty("y", (byte) 1).setProperty("s", (short) 2).setProperty("i", 3)
                .setProperty("l", 4L).setProperty("f", 5.5f).setProperty("d", 6.5).setProperty("t", "x");
        assertTrue(producer.getBooleanProperty("b"));
        assertEquals(1, producer.getByteProperty("y"));
        assertEquals(2, producer.getShortProperty("s"));
        assertEquals(3, producer.getIntProperty("i"));
        assertEquals(4L, producer.getLongProperty("l"));
        assertEquals(5.5f, producer.getFloatProperty("f"));
        assertEquals(6.5, producer.getDoubleProperty("d"));
        assertEquals("x", producer.getStringProperty("t"));
        assertEquals(3, producer.getObjectProperty("i"));
    }

    @Test
    void stringPropertyParsesToEveryOtherType() {
        producer.setProperty("n", "42").setProperty("f", "1.5").setProperty("b", "true");
        assertEquals(42, producer.getByteProperty("n"));
        assertEquals(42, producer.getShortProperty("n"));
        assertEquals(42, producer.getIntProperty("n"));
        assertEquals(42L, producer.getLongProperty("n"));
        assertEquals(1.5f, producer.getFloatProperty("f"));
        assertEquals(1.5, producer.getDoubleProperty("f"));
        assertTrue(producer.getBooleanProperty("b"));
    }

    @Test
    void stringPropertyThatIsNotANumberThrowsNumberFormatException() {
        producer.setProperty("t", "many");
        assertThrows(NumberFormatException.class, () -> producer.getIntProperty("t"));
    }

    @Test
    void numericPropertyWidensToLargerTypes() {
        producer.setProperty("y", (byte) 7).setProperty("f", 2.5f);
        assertEquals(7, producer.getShortProperty("y"));
        assertEquals(7, producer.getIntProperty("y"));
        assertEquals(7L, producer.getLongProperty("y"));
        assertEquals(2.5, producer.getDoubleProperty("f"));
    }

    @Test
    void numericPropertyDoesNotNarrowOrChangeKind() {
        producer.setProperty("i", 300).setProperty("d", 1.0).setProperty("l", 1L);
        assertThrows(MessageFormatRuntimeException.class, () -> producer.getShortProperty("i"));
        assertThrows(MessageFormatRuntimeException.class, () -> producer.getFloatProperty("d"));
        assertThrows(MessageFormatRuntimeException.class, () -> producer.getDoubleProperty("l"));
    }

    @Test
    void booleanPropertyDoesNotConvertToANumber() {
        producer.setProperty("b", true);
        assertThrows(MessageFormatRuntimeException.class, () -> producer.getIntProperty("b"));
    }

    @Test
    void everyPropertyReadsAsString() {
        producer.setProperty("b", false).setProperty("i", 12).setProperty("d", 0.5);
        assertEquals("false", producer.getStringProperty("b"));
        assertEquals("12", producer.getStringProperty("i"));
        assertEquals("0.5", producer.getStringProperty("d"));
    }

    @Test
    void missingPropertyReadsAsNullDoes() {
        assertFalse(producer.getBooleanProperty("none"));
        assertNull(producer.getStringProperty("none"));
        assertNull(producer.getObjectProperty("none"));
        assertThrows(NumberFormatException.class, () -> producer.getIntProperty("none"));
        assertThrows(NullPointerException.class, () -> producer.getDoubleProperty("none"));
    }

    @Test
    void nullOrEmptyPropertyNameIsIllegalArgument() {
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty(null, 1));
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty("", "x"));
    }

    @Test
    void propertyNameMustBeAJavaIdentifier() {
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty("1st", 1));
        assertThrows(IllegalArgumentException.class, () -> producer.setProperty("a-b", 1));
    }

    @Test
    void objectPropertyOfAnotherTypeIsMessageFormatError() {
        assertThrows(MessageFormatRuntimeException.class, () -> producer.setProperty("list", new ArrayList<>()));
    }

    @Test
    void nullStringPropertyIsSentAsNull() {
        producer.setProperty("note", (String) null);
        assertTrue(producer.propertyExists("note"));
        assertNull(producer.getStringProperty("note"));
    }

    @Test
    void propertyNamesAreAReadOnlyViewThatFollowsChanges() {
        Set<String> names = producer.getPropertyNames();
        producer.setProperty("a", 1);
        assertEquals(Set.of("a"), names);
        assertThrows(UnsupportedOperationException.class, () -> names.add("b"));
    }

    @Test
    void clearPropertiesRemovesEveryProperty() {
        producer.setProperty("a", 1).setProperty("b", "2").clearProperties();
        assertTrue(producer.getPropertyNames().isEmpty());
        assertFalse(producer.propertyExists("a"));
    }

    @Test
    void headersReadBack() {
        Queue replyTo = context.createQueue("replies");
        producer.setJMSCorrelationID("c-1").setJMSType("order").setJMSReplyTo(replyTo);
        assertEquals("c-1", producer.getJMSCorrelationID());
        assertEquals("order", producer.getJMSType());
        assertSame(replyTo, producer.getJMSReplyTo());
    }

    @Test
    void correlationIdSetAsBytesReadsBackAsACopy() {
        byte[] id = "abc".getBytes(StandardCharsets.UTF_8);
        producer.setJMSCorrelationIDAsBytes(id);
        id[0] = 'z';
        assertArrayEquals("abc".getBytes(StandardCharsets.UTF_8), producer.getJMSCorrelationIDAsBytes());
    }

    @Test
    void sendOptionsReadBack() {
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT).setPriority(7).setTimeToLive(60_000)
                .setDeliveryDelay(10).setDisableMessageID(true).setDisableMessageTimestamp(true);
        assertEquals(DeliveryMode.NON_PERSISTENT, producer.getDeliveryMode());
        assertEquals(7, producer.getPriority());
        assertEquals(60_000, producer.getTimeToLive());
        assertEquals(10, producer.getDeliveryDelay());
        assertTrue(producer.getDisableMessageID());
        assertTrue(producer.getDisableMessageTimestamp());
    }

    @Test
    void deliveryModeOtherThanPersistentOrNotIsRejected() {
        assertThrows(JMSRuntimeException.class, () -> producer.setDeliveryMode(5));
    }

    @Test
    void priorityOutside0To9IsRejected() {
        assertThrows(JMSRuntimeException.class, () -> producer.setPriority(10));
    }
}
