package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.wharfmq.jms.context.Stores.ARRIVES;
import static org.wharfmq.jms.context.Stores.NOTHING;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.MessageFormatRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.StreamMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** JMSConsumer.receiveBody: the body as the type asked for, and what happens to a message that does not fit. */
class ReceiveBodyTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("receive-body");

    @Test
    void textArrivesAsString() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "hello");
            assertEquals("hello", context.createConsumer(queue).receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void bytesArriveAsByteArray() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, new byte[] {4, 5});
            assertArrayEquals(new byte[] {4, 5}, context.createConsumer(queue).receiveBody(byte[].class, ARRIVES));
        }
    }

    @Test
    void mapArrivesAsMap() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, Map.<String, Object>of("n", 1L));
            assertEquals(Map.of("n", 1L), context.createConsumer(queue).receiveBody(Map.class, ARRIVES));
        }
    }

    @Test
    void objectArrivesAsItsOwnClass() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            ArrayList<String> list = new ArrayList<>(List.of("x"));
            context.createProducer().send(queue, (Serializable) list);
            assertEquals(list, context.createConsumer(queue).receiveBody(ArrayList.class, ARRIVES));
        }
    }

    @Test
    void nothingArrivingInTimeGivesNull() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            assertNull(context.createConsumer(queue).receiveBody(String.class, NOTHING));
        }
    }

    @Test
    void bodyOfAnotherTypeIsMessageFormatError() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "text");
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Integer.class, ARRIVES));
        }
    }

    @Test
    void streamMessageCannotBeReceivedAsBody() throws Exception {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            StreamMessage m = context.createStreamMessage();
            m.writeInt(1);
            context.createProducer().send(queue, m);
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Object.class, ARRIVES));
        }
    }

    @Test
    void messageWithoutBodyTypeCannotBeReceivedAsBody() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, context.createMessage());
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Object.class, ARRIVES));
        }
    }

    @Test
    void textMessageWithoutTextHasNoBodyToReceive() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, (String) null);
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void autoAcknowledgeDeliversARefusedMessageAgain() {
        try (JMSContext context = FACTORY.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "text");
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Integer.class, ARRIVES));
            assertEquals("text", consumer.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void dupsOkAcknowledgeDeliversARefusedMessageAgain() {
        try (JMSContext context = FACTORY.createContext(JMSContext.DUPS_OK_ACKNOWLEDGE)) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "text");
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Integer.class, ARRIVES));
            assertEquals("text", consumer.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void clientAcknowledgeCountsARefusedMessageAsConsumedUntilRecover() {
        try (JMSContext context = FACTORY.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "text");
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Integer.class, ARRIVES));
            assertNull(consumer.receive(NOTHING));
            context.recover();
            assertEquals("text", consumer.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void transactedContextDeliversARefusedMessageAgainOnlyAfterRollback() {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext context = FACTORY.createContext(JMSContext.SESSION_TRANSACTED)) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "text");
            context.commit();
            JMSConsumer consumer = context.createConsumer(queue);
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(Integer.class, ARRIVES));
            assertNull(consumer.receive(NOTHING));
            context.rollback();
            assertEquals("text", consumer.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void autoAcknowledgeRemovesTheMessageWhoseBodyWasReceived() {
        Queue queue;
        try (JMSContext context = FACTORY.createContext()) {
            queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "once");
            assertEquals("once", context.createConsumer(queue).receiveBody(String.class, ARRIVES));
        }
        try (JMSContext context = FACTORY.createContext()) {
            assertNull(context.createConsumer(queue).receive(NOTHING));
        }
    }
}
