package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.jms.context.Stores.ARRIVES;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;

/** JMSProducer.send makes the message type of its body, and every type arrives whole. */
class MessageBodiesTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("bodies");

    private JMSContext context;
    private Queue queue;
    private JMSProducer producer;
    private JMSConsumer consumer;

    @BeforeEach
    void open() {
        context = FACTORY.createContext();
        queue = context.createQueue(Stores.unique("q"));
        producer = context.createProducer();
        consumer = context.createConsumer(queue);
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void stringBodyArrivesAsTextMessage() throws Exception {
        producer.send(queue, "hello");
        TextMessage m = assertInstanceOf(TextMessage.class, consumer.receive(ARRIVES));
        assertEquals("hello", m.getText());
    }

    @Test
    void mapBodyArrivesAsMapMessage() throws Exception {
        producer.send(queue, Map.<String, Object>of("name", "wharf", "count", 3, "ok", true));
        MapMessage m = assertInstanceOf(MapMessage.class, consumer.receive(ARRIVES));
        assertEquals("wharf", m.getString("name"));
        assertEquals(3, m.getInt("count"));
        assertTrue(m.getBoolean("ok"));
    }

    @Test
    void byteArrayBodyArrivesAsBytesMessage() throws Exception {
        producer.send(queue, new byte[] {1, 2, 3});
        BytesMessage m = assertInstanceOf(BytesMessage.class, consumer.receive(ARRIVES));
        byte[] read = new byte[(int) m.getBodyLength()];
        m.readBytes(read);
        assertArrayEquals(new byte[] {1, 2, 3}, read);
    }

    @Test
    void serializableBodyArrivesAsObjectMessage() throws Exception {
        ArrayList<String> list = new ArrayList<>(List.of("a", "b"));
        producer.send(queue, (Serializable) list);
        ObjectMessage m = assertInstanceOf(ObjectMessage.class, consumer.receive(ARRIVES));
        assertEquals(list, m.getObject());
    }

    @Test
    void streamMessageArrivesWithItsValuesInOrder() throws Exception {
        StreamMessage sent = context.createStreamMessage();
        sent.writeInt(7);
        sent.writeString("x");
        producer.send(queue, sent);
        StreamMessage m = assertInstanceOf(StreamMessage.class, consumer.receive(ARRIVES));
        assertEquals(7, m.readInt());
        assertEquals("x", m.readString());
    }

    @Test
    void messageWithoutBodyArrivesWithItsProperties() throws Exception {
        Message sent = context.createMessage();
        sent.setStringProperty("kind", "ping");
        producer.send(queue, sent);
        Message m = consumer.receive(ARRIVES);
        assertEquals("ping", m.getStringProperty("kind"));
    }

    @Test
    void nullStringBodyArrivesAsTextMessageWithoutText() throws Exception {
        producer.send(queue, (String) null);
        TextMessage m = assertInstanceOf(TextMessage.class, consumer.receive(ARRIVES));
        assertNull(m.getText());
    }

    @Test
    void nullMapBodyArrivesAsEmptyMapMessage() throws Exception {
        producer.send(queue, (Map<String, Object>) null);
        MapMessage m = assertInstanceOf(MapMessage.class, consumer.receive(ARRIVES));
        assertFalse(m.getMapNames().hasMoreElements());
    }

    @Test
    void nullByteArrayBodyArrivesAsEmptyBytesMessage() throws Exception {
        producer.send(queue, (byte[]) null);
        BytesMessage m = assertInstanceOf(BytesMessage.class, consumer.receive(ARRIVES));
        assertEquals(0, m.getBodyLength());
    }

    @Test
    void nullSerializableBodyArrivesAsObjectMessageWithoutObject() throws Exception {
        producer.send(queue, (Serializable) null);
        ObjectMessage m = assertInstanceOf(ObjectMessage.class, consumer.receive(ARRIVES));
        assertNull(m.getObject());
    }
}
