package org.wharfmq.jms.gateway;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.Base64;
import java.util.Map;
import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.gateway.Encodings.Address;
import org.wharfmq.jms.message.WharfBytesMessage;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.WharfObjectMessage;
import org.wharfmq.jms.message.WharfTextMessage;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.ReceivedMessage;

/** Messages other clients wrote: boto3's, the CLI's, AWS's JMS library's, as the store hands them over. */
class MessageCodecForeignTest {

    private static ReceivedMessage foreign(String body, Map<String, MessageAttributeValue> attributes) {
        return new ReceivedMessage("m-1", "handle-1", body, null, Encodings.SENT, 1, Encodings.SENT, null, null,
                null, 4, 0, attributes);
    }

    private static WharfMessage decode(ReceivedMessage rm) throws JMSException {
        return MessageCodec.decode(rm, new Address("queue:here"), Address::new);
    }

    @Test
    void aMessageWithoutMarksIsATextMessageOfItsBody() throws JMSException {
        WharfMessage m = decode(foreign("{\"order\": 1}", Map.of()));
        assertEquals("{\"order\": 1}", assertInstanceOf(WharfTextMessage.class, m).getText());
    }

    @Test
    void everyAttributeOfAForeignMessageIsAPropertyOfItsName() throws JMSException {
        WharfMessage m = decode(foreign("x", Map.of(
                "customer", MessageAttributeValue.number("42"),
                "price", MessageAttributeValue.number("1.5"),
                "name", MessageAttributeValue.string("Ann"),
                "blob", MessageAttributeValue.binary(new byte[] {1, 2}),
                "weight", new MessageAttributeValue("Number.kg", "3", null),
                "trace-id", new MessageAttributeValue("String.uuid", "abc", null))));
        assertEquals(42L, m.getObjectProperty("customer"));
        assertEquals(1.5, m.getObjectProperty("price"));
        assertEquals("Ann", m.getObjectProperty("name"));
        assertEquals("AQI=", m.getObjectProperty("blob"));
        assertEquals(3L, m.getObjectProperty("weight"));
        assertEquals("abc", m.getObjectProperty("trace-id"));
    }

    @Test
    void awsJmsLibraryTypesComeBackTyped() throws JMSException {
        WharfMessage m = decode(foreign("x", Map.of(
                "qty", new MessageAttributeValue("Number.int", "5", null),
                "big", new MessageAttributeValue("Number.long", "5", null),
                "ok", new MessageAttributeValue("Number.Boolean", "1", null),
                "no", new MessageAttributeValue("Number.Boolean", "0", null),
                "JMS_SQSMessageType", MessageAttributeValue.string("text"))));
        assertEquals(5, m.getObjectProperty("qty"));
        assertEquals(5L, m.getObjectProperty("big"));
        assertEquals(true, m.getObjectProperty("ok"));
        assertEquals(false, m.getObjectProperty("no"));
        assertTrue(!m.propertyExists("JMS_SQSMessageType"), "the message type is a header, not a property");
    }

    @Test
    void awsJmsLibraryBytesMessageIsABytesMessage() throws JMSException {
        WharfMessage m = decode(foreign(Base64.getEncoder().encodeToString(new byte[] {9, 8}),
                Map.of("JMS_SQSMessageType", MessageAttributeValue.string("byte"))));
        WharfBytesMessage b = assertInstanceOf(WharfBytesMessage.class, m);
        byte[] read = new byte[2];
        b.readBytes(read);
        assertArrayEquals(new byte[] {9, 8}, read);
    }

    @Test
    void awsJmsLibraryObjectMessageIsAnObjectMessage() throws JMSException, IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject("payload");
        }
        WharfMessage m = decode(foreign(Base64.getEncoder().encodeToString(bytes.toByteArray()),
                Map.of("JMS_SQSMessageType", MessageAttributeValue.string("object"))));
        assertEquals("payload", assertInstanceOf(WharfObjectMessage.class, m).getObject());
    }

    @Test
    void aBytesMessageWhoseBodyIsNotBase64IsAFormatError() {
        MessageFormatException e = assertThrows(MessageFormatException.class, () -> decode(foreign("not base64!",
                Map.of("JMS_SQSMessageType", MessageAttributeValue.string("byte")))));
        assertTrue(e.getMessage().contains("not base64"), e.getMessage());
    }

    @Test
    void awsJmsLibraryCorrelationIdAndReplyToAreHeaders() throws JMSException {
        WharfMessage m = decode(foreign("x", Map.of(
                "JMS_SQSCorrelationID", MessageAttributeValue.string("c-9"),
                "JMS_SQSReplyToQueueName", MessageAttributeValue.string("replies"),
                "JMS_SQSReplyToQueueURL", MessageAttributeValue.string("http://127.0.0.1/000/replies"))));
        assertEquals("c-9", m.getJMSCorrelationID());
        assertEquals(new Address("queue:replies"), m.getJMSReplyTo());
        for (String header : new String[] {"JMS_SQSCorrelationID", "JMS_SQSReplyToQueueName", "JMS_SQSReplyToQueueURL"}) {
            assertTrue(!m.propertyExists(header), header + " is a header, not a property");
        }
    }

    @Test
    void sqsFieldsAreTheJmsxPropertiesAndHeadersTheyStandFor() throws JMSException {
        ReceivedMessage rm = new ReceivedMessage("m-1", "handle-1", "x", null, Encodings.SENT, 3, Encodings.SENT,
                "group-1", "dedup-1", "18", 4, 0, Map.of(), "AIDAEXAMPLE");
        WharfMessage m = decode(rm);
        assertEquals(Encodings.SENT, m.getJMSTimestamp());
        assertEquals(3, m.getIntProperty("JMSXDeliveryCount"));
        assertTrue(m.getJMSRedelivered());
        assertEquals("group-1", m.getStringProperty("JMSXGroupID"));
        assertEquals("AIDAEXAMPLE", m.getStringProperty("JMSXUserID"));
        assertEquals("dedup-1", m.getStringProperty("JMS_SQS_DeduplicationId"));
        assertEquals("18", m.getStringProperty("JMS_SQS_SequenceNumber"));
    }

    @Test
    void aNumberAttributeThatIsNotANumberIsAFormatErrorNamingIt() {
        MessageFormatException e = assertThrows(MessageFormatException.class, () -> decode(foreign("x",
                Map.of("qty", new MessageAttributeValue("Number.int", "many", null)))));
        assertTrue(e.getMessage().contains("qty") && e.getMessage().contains("many"), e.getMessage());
    }
}
