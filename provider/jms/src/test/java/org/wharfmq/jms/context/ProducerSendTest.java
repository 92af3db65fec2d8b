package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.jms.context.Stores.ARRIVES;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.MessageNotWriteableRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;

/** JMSProducer.send: what it puts on each message, what it refuses, and asynchronous sends. */
class ProducerSendTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("producer-send");

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
    void producerPropertiesAreSetOnEveryMessageSent() throws Exception {
        producer.setProperty("region", "eu").setProperty("attempt", 2);
        producer.send(queue, "one").send(queue, "two");
        for (int i = 0; i < 2; i++) {
            Message m = consumer.receive(ARRIVES);
            assertEquals("eu", m.getStringProperty("region"));
            assertEquals(2, m.getIntProperty("attempt"));
        }
    }

    @Test
    void producerPropertyReplacesTheMessagesOwn() throws Exception {
        TextMessage sent = context.createTextMessage("x");
        sent.setStringProperty("region", "us");
        producer.setProperty("region", "eu").send(queue, sent);
        assertEquals("eu", consumer.receive(ARRIVES).getStringProperty("region"));
    }

    @Test
    void producerHeadersAreSetOnTheMessageSent() throws Exception {
        Queue replies = context.createQueue(Stores.unique("replies"));
        producer.setJMSCorrelationID("c-7").setJMSType("order").setJMSReplyTo(replies).send(queue, "x");
        Message m = consumer.receive(ARRIVES);
        assertEquals("c-7", m.getJMSCorrelationID());
        assertEquals("order", m.getJMSType());
        assertEquals(replies, m.getJMSReplyTo());
    }

    @Test
    void aReplyToQueueOfAnotherImplementationTravelsByItsName() throws Exception {
        String name = Stores.unique("foreign-replies");
        Queue foreign = () -> name;
        TextMessage sent = context.createTextMessage("x");
        sent.setJMSReplyTo(foreign);
        producer.send(queue, sent);
        Queue replyTo = (Queue) consumer.receive(ARRIVES).getJMSReplyTo();
        assertEquals(name, replyTo.getQueueName());
        assertEquals(replyTo, foreign);
    }

    @Test
    void priorityAndDeliveryModeReachTheMessage() throws Exception {
        producer.setPriority(7).setDeliveryMode(DeliveryMode.NON_PERSISTENT).send(queue, "x");
        Message m = consumer.receive(ARRIVES);
        assertEquals(7, m.getJMSPriority());
        assertEquals(DeliveryMode.NON_PERSISTENT, m.getJMSDeliveryMode());
    }

    @Test
    void timeToLiveSetsTheExpiration() throws Exception {
        long before = System.currentTimeMillis();
        producer.setTimeToLive(60_000).send(queue, "x");
        long expiration = consumer.receive(ARRIVES).getJMSExpiration();
        assertTrue(expiration >= before + 60_000, "expiration " + expiration);
    }

    @Test
    void sendingAReceivedMessageWithProducerPropertiesIsNotWriteable() {
        producer.send(queue, "first");
        Message received = consumer.receive(ARRIVES);
        producer.setProperty("again", true);
        assertThrows(MessageNotWriteableRuntimeException.class, () -> producer.send(queue, received));
    }

    @Test
    void everySendToANullDestinationIsInvalidDestination() {
        Destination none = null;
        assertThrows(InvalidDestinationRuntimeException.class, () -> producer.send(none, "x"));
        assertThrows(InvalidDestinationRuntimeException.class, () -> producer.send(none, new byte[] {1}));
        assertThrows(InvalidDestinationRuntimeException.class, () -> producer.send(none, Map.<String, Object>of()));
        assertThrows(InvalidDestinationRuntimeException.class, () -> producer.send(none, (Serializable) 1));
        assertThrows(InvalidDestinationRuntimeException.class,
                () -> producer.send(none, context.createMessage()));
    }

    @Test
    void sendingANullMessageIsMessageFormatError() {
        assertThrows(MessageFormatRuntimeException.class, () -> producer.send(queue, (Message) null));
    }

    @Test
    void mapBodyWithAValueOfAnotherTypeIsMessageFormatError() {
        Map<String, Object> body = Map.of("list", new ArrayList<>());
        assertThrows(MessageFormatRuntimeException.class, () -> producer.send(queue, body));
    }

    @Test
    void asyncSendCallsTheCompletionListenerWithTheSentMessage() throws Exception {
        CountDownLatch completed = new CountDownLatch(1);
        AtomicReference<Message> sent = new AtomicReference<>();
        producer.setAsync(new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                sent.set(message);
                completed.countDown();
            }

            @Override
            public void onException(Message message, Exception exception) {
            }
        });
        producer.send(queue, "later");
        assertTrue(completed.await(ARRIVES, TimeUnit.MILLISECONDS));
        assertNotNull(sent.get().getJMSMessageID());
        assertEquals("later", consumer.receiveBody(String.class, ARRIVES));
    }

    @Test
    void asyncSendsAndASyncSendArriveInSendOrder() {
        CompletionListener ignore = new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
            }

            @Override
            public void onException(Message message, Exception exception) {
            }
        };
        producer.setAsync(ignore).send(queue, "1").send(queue, "2");
        producer.setAsync(null).send(queue, "3");
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            got.add(consumer.receiveBody(String.class, ARRIVES));
        }
        assertEquals(List.of("1", "2", "3"), got);
        assertNull(producer.getAsync());
    }
}
