package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.jms.context.Stores.ARRIVES;
import static org.wharfmq.jms.context.Stores.NOTHING;

import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** JMSContext.acknowledge and recover, and what the other modes do with consumed messages. */
class AcknowledgeTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("acknowledge");

    @Test
    void acknowledgeAcknowledgesEveryMessageTheContextConsumed() {
        try (JMSContext context = FACTORY.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "1").send(queue, "2").send(queue, "3");
            JMSConsumer consumer = context.createConsumer(queue);
            for (int i = 0; i < 3; i++) {
                assertNotNull(consumer.receive(ARRIVES));
            }
            context.acknowledge();
            context.recover();
            assertNull(consumer.receive(NOTHING));
        }
    }

    @Test
    void recoverDeliversUnacknowledgedMessagesAgain() throws Exception {
        try (JMSContext context = FACTORY.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "1").send(queue, "2");
            JMSConsumer consumer = context.createConsumer(queue);
            consumer.receive(ARRIVES);
            consumer.receive(ARRIVES);
            context.recover();
            for (int i = 0; i < 2; i++) {
                Message again = consumer.receive(ARRIVES);
                assertTrue(again.getJMSRedelivered());
            }
        }
    }

    @Test
    void closingWithoutAcknowledgeLeavesTheMessagesForTheNextConsumer() {
        Queue queue;
        try (JMSContext context = FACTORY.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "kept");
            assertNotNull(context.createConsumer(queue).receive(ARRIVES));
        }
        try (JMSContext context = FACTORY.createContext()) {
            assertEquals("kept", context.createConsumer(queue).receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void autoAcknowledgeTakesEachMessageReceived() {
        Queue queue;
        try (JMSContext context = FACTORY.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
            queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "gone");
            JMSConsumer consumer = context.createConsumer(queue);
            assertNotNull(consumer.receive(ARRIVES));
            context.recover();
            assertNull(consumer.receive(NOTHING));
        }
        try (JMSContext context = FACTORY.createContext()) {
            assertNull(context.createConsumer(queue).receive(NOTHING));
        }
    }

    @Test
    void acknowledgeDoesNothingInAutomaticModes() {
        for (int mode : new int[] {JMSContext.AUTO_ACKNOWLEDGE, JMSContext.DUPS_OK_ACKNOWLEDGE}) {
            try (JMSContext context = FACTORY.createContext(mode)) {
                context.acknowledge();
            }
        }
    }

    @Test
    void acknowledgeDoesNothingInATransactedContext() {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext context = FACTORY.createContext(JMSContext.SESSION_TRANSACTED)) {
            context.acknowledge();
        }
    }

    @Test
    void acknowledgeAfterCloseIsIllegalState() {
        JMSContext context = FACTORY.createContext(JMSContext.CLIENT_ACKNOWLEDGE);
        context.close();
        assertThrows(IllegalStateRuntimeException.class, context::acknowledge);
    }
}
