package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.jms.context.Stores.ARRIVES;
import static org.wharfmq.jms.context.Stores.NOTHING;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidClientIDRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.TemporaryQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** A context's life: its session mode, the connection it may share, autoStart, client id and close. */
class ContextLifecycleTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("lifecycle");

    @Test
    void sessionModeIsTheOneAskedFor() {
        try (JMSContext context = FACTORY.createContext()) {
            assertEquals(JMSContext.AUTO_ACKNOWLEDGE, context.getSessionMode());
            for (int mode : new int[] {JMSContext.SESSION_TRANSACTED, JMSContext.AUTO_ACKNOWLEDGE,
                    JMSContext.CLIENT_ACKNOWLEDGE, JMSContext.DUPS_OK_ACKNOWLEDGE}) {
                try (JMSContext other = context.createContext(mode)) {
                    assertEquals(mode, other.getSessionMode());
                    assertEquals(mode == JMSContext.SESSION_TRANSACTED, other.getTransacted());
                }
            }
        }
    }

    @Test
    void unknownSessionModeIsRejectedNamingIt() {
        JMSRuntimeException e = assertThrows(JMSRuntimeException.class, () -> FACTORY.createContext(42));
        assertTrue(e.getMessage().contains("42"), e.getMessage());
    }

    @Test
    void unknownSessionModeOfASharingContextIsRejectedNamingIt() {
        try (JMSContext context = FACTORY.createContext()) {
            JMSRuntimeException e = assertThrows(JMSRuntimeException.class, () -> context.createContext(-3));
            assertTrue(e.getMessage().contains("-3"), e.getMessage());
        }
    }

    @Test
    void contextsMadeByCreateContextShareTheConnection() {
        try (JMSContext first = FACTORY.createContext()) {
            String id = Stores.unique("client");
            first.setClientID(id);
            try (JMSContext second = first.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
                assertEquals(id, second.getClientID());
            }
        }
    }

    @Test
    void closingOneSharingContextLeavesTheConnectionOpen() {
        String id = Stores.unique("client");
        JMSContext first = FACTORY.createContext();
        first.setClientID(id);
        try (JMSContext second = first.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
            first.close();
            Queue queue = second.createQueue(Stores.unique("q"));
            second.createProducer().send(queue, "still open");
            assertEquals("still open", second.createConsumer(queue).receiveBody(String.class, ARRIVES));
            try (JMSContext stranger = FACTORY.createContext()) {
                assertThrows(InvalidClientIDRuntimeException.class, () -> stranger.setClientID(id));
            }
        }
    }

    @Test
    void closingTheLastSharingContextClosesTheConnection() {
        String id = Stores.unique("client");
        JMSContext first = FACTORY.createContext();
        first.setClientID(id);
        JMSContext second = first.createContext(JMSContext.AUTO_ACKNOWLEDGE);
        first.close();
        second.close();
        // The closed connection gave its client id back.
        try (JMSContext next = FACTORY.createContext()) {
            next.setClientID(id);
            assertEquals(id, next.getClientID());
        }
    }

    @Test
    void autoStartStartsTheConnectionWhenAConsumerIsCreated() {
        try (JMSContext context = FACTORY.createContext()) {
            assertTrue(context.getAutoStart());
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, "x");
            assertNotNull(context.createConsumer(queue).receive(ARRIVES));
        }
    }

    @Test
    void withoutAutoStartNothingArrivesUntilStart() {
        try (JMSContext context = FACTORY.createContext()) {
            context.setAutoStart(false);
            Queue queue = context.createQueue(Stores.unique("q"));
            JMSConsumer consumer = context.createConsumer(queue);
            context.createProducer().send(queue, "x");
            assertNull(consumer.receive(NOTHING));
            context.start();
            assertNotNull(consumer.receive(ARRIVES));
        }
    }

    @Test
    void stopHoldsDeliveryUntilStart() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            JMSConsumer consumer = context.createConsumer(queue);
            context.stop();
            context.createProducer().send(queue, "x");
            assertNull(consumer.receive(NOTHING));
            context.start();
            assertNotNull(consumer.receive(ARRIVES));
        }
    }

    @Test
    void clientIdCanBeSetRightAfterCreation() {
        try (JMSContext context = FACTORY.createContext()) {
            String id = Stores.unique("client");
            context.setClientID(id);
            assertEquals(id, context.getClientID());
        }
    }

    @Test
    void clientIdCannotBeSetOnceTheContextIsUsed() {
        try (JMSContext context = FACTORY.createContext()) {
            context.createProducer();
            assertThrows(IllegalStateRuntimeException.class, () -> context.setClientID(Stores.unique("late")));
        }
    }

    @Test
    void clientIdInUseByAnotherConnectionIsInvalid() {
        String id = Stores.unique("client");
        try (JMSContext owner = FACTORY.createContext(); JMSContext other = FACTORY.createContext()) {
            owner.setClientID(id);
            assertThrows(InvalidClientIDRuntimeException.class, () -> other.setClientID(id));
        }
    }

    @Test
    void closingTwiceIsHarmless() {
        JMSContext context = FACTORY.createContext();
        context.createProducer();
        context.close();
        context.close();
    }

    @Test
    void everyContextCallAfterCloseIsIllegalState() {
        JMSContext context = FACTORY.createContext();
        Queue queue = context.createQueue(Stores.unique("q"));
        context.close();
        List<Executable> calls = List.of(context::createProducer, () -> context.createConsumer(queue),
                () -> context.createBrowser(queue), context::createTextMessage, context::createMessage,
                context::commit, context::rollback, context::recover, context::acknowledge, context::start,
                context::stop, context::getClientID, () -> context.setClientID("c"), context::getMetaData,
                () -> context.createQueue("q"), context::createTemporaryQueue, () -> context.unsubscribe("s"),
                () -> context.createContext(JMSContext.AUTO_ACKNOWLEDGE), context::getSessionMode,
                context::getTransacted, () -> context.setAutoStart(false), context::getExceptionListener);
        for (Executable call : calls) {
            assertThrows(IllegalStateRuntimeException.class, call);
        }
    }

    @Test
    void producerSendAfterCloseIsIllegalState() {
        JMSContext context = FACTORY.createContext();
        Queue queue = context.createQueue(Stores.unique("q"));
        JMSProducer producer = context.createProducer();
        context.close();
        assertThrows(IllegalStateRuntimeException.class, () -> producer.send(queue, "x"));
    }

    @Test
    void consumerReceiveAfterCloseIsIllegalState() {
        JMSContext context = FACTORY.createContext();
        JMSConsumer consumer = context.createConsumer(context.createQueue(Stores.unique("q")));
        context.close();
        assertThrows(IllegalStateRuntimeException.class, () -> consumer.receive(NOTHING));
    }

    @Test
    void temporaryQueueCarriesMessagesForItsConnection() {
        try (JMSContext context = FACTORY.createContext()) {
            TemporaryQueue queue = context.createTemporaryQueue();
            context.createProducer().send(queue, "tmp");
            assertEquals("tmp", context.createConsumer(queue).receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void browserSeesQueuedMessagesWithoutTakingThem() throws Exception {
        TestStores.assumeOffers("Browsing", "a QueueBrowser");
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            context.createProducer().send(queue, Map.<String, Object>of("k", 1)).send(queue, "two");
            QueueBrowser browser = context.createBrowser(queue);
            assertEquals(2, Collections.list(browser.getEnumeration()).size());
            JMSConsumer consumer = context.createConsumer(queue);
            assertNotNull(consumer.receive(ARRIVES));
            assertNotNull(consumer.receive(ARRIVES));
            assertFalse(browser.getEnumeration().hasMoreElements());
        }
    }
}
