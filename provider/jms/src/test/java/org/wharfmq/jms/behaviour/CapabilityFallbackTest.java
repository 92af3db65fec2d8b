package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.XAConnection;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** What JMS does on a backend that lacks an optional capability (docs/mapping.md, "Backends without a capability"). */
class CapabilityFallbackTest {

    @BeforeEach
    void onDerbyOnly() {
        TestStores.assumeDerby("masks capabilities of stores of its own on the in-memory Derby backend");
    }

    private static WharfConnectionFactory without(String mask) {
        return new WharfConnectionFactory("wharf:masked:" + mask + ":wharf:memory:limited-" + UUID.randomUUID());
    }

    private static void assertNames(Exception e, String... words) {
        for (String w : words) {
            assertTrue(e.getMessage().contains(w), "'" + e.getMessage() + "' should name " + w);
        }
    }

    @Test
    void withoutEitherTransactionCapabilityATransactedOrXaSessionFailsAtCreation() throws JMSException {
        WharfConnectionFactory f = without("Transactions,XaTransactions");
        try (XAConnection c = f.createXAConnection()) {
            JMSException tx = assertThrows(JMSException.class, () -> c.createSession(true, Session.SESSION_TRANSACTED));
            assertNames(tx, "Transactions", "MaskedQueueService", "transacted session");
            JMSException xa = assertThrows(JMSException.class, c::createXASession);
            assertNames(xa, "XaTransactions", "XA session");
            assertThrows(JMSRuntimeException.class, () -> f.createContext(JMSContext.SESSION_TRANSACTED));
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("plain");
            s.createProducer(q).send(s.createTextMessage("still works"));
            c.start();
            Message m = s.createConsumer(q).receive(5_000);
            assertEquals("still works", ((TextMessage) m).getText());
            m.acknowledge();
        }
    }

    @Test
    void withoutXaTransactionsATransactedSessionStillCommitsAndRollsBack() throws JMSException {
        try (Connection c = without("XaTransactions").createConnection()) {
            c.start();
            Session s = c.createSession(true, Session.SESSION_TRANSACTED);
            Queue q = s.createQueue("local");
            s.createProducer(q).send(s.createTextMessage("committed"));
            s.commit();
            MessageConsumer consumer = s.createConsumer(q);
            assertEquals("committed", ((TextMessage) consumer.receive(5_000)).getText());
            s.rollback();
            Message again = consumer.receive(5_000);
            assertEquals("committed", ((TextMessage) again).getText());
            assertTrue(again.getJMSRedelivered());
            s.commit();
            assertNull(consumer.receive(300));
        }
    }

    @Test
    void withoutXaTransactionsAnXaSessionOrXaContextFailsAtCreation() throws JMSException {
        WharfConnectionFactory f = without("XaTransactions");
        try (XAConnection c = f.createXAConnection()) {
            assertNames(assertThrows(JMSException.class, c::createXASession), "XaTransactions", "XA session");
        }
        assertNames(assertThrows(JMSRuntimeException.class, f::createXAContext), "XaTransactions", "XA JMSContext");
    }

    @Test
    void withoutTransactionsAloneAnXaSessionIsStillMade() throws JMSException {
        try (XAConnection c = without("Transactions").createXAConnection()) {
            assertNotNull(c.createXASession().getXAResource());
        }
    }

    @Test
    void withoutBrowsingAQueueBrowserFailsAtCreation() throws JMSException {
        try (Connection c = without("Browsing").createConnection()) {
            Session s = c.createSession();
            JMSException e = assertThrows(JMSException.class, () -> s.createBrowser(s.createQueue("q")));
            assertNames(e, "Browsing", "QueueBrowser");
            assertThrows(jakarta.jms.InvalidSelectorException.class,
                    () -> s.createBrowser(s.createQueue("q"), "price >"), "a bad selector is reported first");
        }
    }

    @Test
    void withoutTopicsEveryTopicOperationFails() throws JMSException {
        try (Connection c = without("Topics").createConnection()) {
            c.setClientID("topics-off");
            Session s = c.createSession();
            Topic t = s.createTopic("news");
            assertNames(assertThrows(JMSException.class, () -> s.createConsumer(t)), "Topics");
            assertNames(assertThrows(JMSException.class, () -> s.createProducer(t).send(s.createMessage())), "Topics");
            assertNames(assertThrows(JMSException.class, () -> s.createDurableSubscriber(t, "d")), "Topics");
            assertNames(assertThrows(JMSException.class, s::createTemporaryTopic), "Topics");
            assertNames(assertThrows(JMSException.class, () -> s.unsubscribe("d")), "Topics");
        }
    }

    @Test
    void withoutFilteredReceiveTheSelectorRunsInTheClientAndSkippedMessagesStay() throws JMSException {
        try (Connection c = without("FilteredReceive").createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("selected");
            MessageProducer p = s.createProducer(q);
            for (String colour : new String[] {"red", "blue", "red"}) {
                TextMessage m = s.createTextMessage(colour);
                m.setStringProperty("colour", colour);
                p.send(m);
            }
            MessageConsumer blue = s.createConsumer(q, "colour = 'blue'");
            Message got = blue.receive(5_000);
            assertEquals("blue", ((TextMessage) got).getText());
            got.acknowledge();
            assertNull(blue.receive(300));
            blue.close();
            MessageConsumer all = s.createConsumer(q);
            Message first = all.receive(5_000);
            Message second = all.receive(5_000);
            assertEquals("red", ((TextMessage) first).getText());
            assertEquals("red", ((TextMessage) second).getText());
            // The client-side filter received and released the red ones: that counts as a delivery.
            assertTrue(first.getIntProperty("JMSXDeliveryCount") > 1);
            second.acknowledge();
        }
    }

    @Test
    void withoutMessageOptionsPriorityAndExpirationTravelAsAttributes() throws Exception {
        try (Connection c = without("MessageOptions").createConnection()) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("options");
            MessageProducer p = s.createProducer(q);
            p.send(s.createTextMessage("urgent"), jakarta.jms.DeliveryMode.PERSISTENT, 8, 60_000);
            Message m = s.createConsumer(q).receive(5_000);
            assertNotNull(m);
            assertEquals(8, m.getJMSPriority());
            assertTrue(m.getJMSExpiration() > System.currentTimeMillis(), "expiration kept: " + m.getJMSExpiration());
            MessageConsumer byPriority = s.createConsumer(q, "JMSPriority = 8");
            p.send(s.createTextMessage("selected by priority"), jakarta.jms.DeliveryMode.PERSISTENT, 8, 0);
            assertEquals("selected by priority", ((TextMessage) byPriority.receive(5_000)).getText());
        }
    }

    @Test
    void withoutMessageOptionsAnExpiredMessageIsDeletedInsteadOfDelivered() throws Exception {
        WharfConnectionFactory f = without("MessageOptions");
        try (Connection c = f.createConnection()) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("expiring");
            MessageProducer p = s.createProducer(q);
            TextMessage m = s.createTextMessage("stale");
            p.send(m, jakarta.jms.DeliveryMode.PERSISTENT, 4, 1);
            long expiration = m.getJMSExpiration();
            while (System.currentTimeMillis() <= expiration) {
                Thread.onSpinWait();
            }
            assertNull(s.createConsumer(q).receive(300));
            assertEquals("0", f.admin().getQueueAttributes("expiring").get("ApproximateNumberOfMessages"));
            assertEquals("0", f.admin().getQueueAttributes("expiring").get("ApproximateNumberOfMessagesNotVisible"));
        }
    }

    @Test
    void withoutMessageOptionsADelayOverTheBackendsMaximumIsRefusedAndNothingIsCreated() throws JMSException {
        WharfConnectionFactory f = without("MessageOptions");
        try (Connection c = f.createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("delayed");
            MessageProducer p = s.createProducer(q);
            p.setDeliveryDelay(900_001);
            JMSException e = assertThrows(JMSException.class, () -> p.send(s.createTextMessage("late")));
            assertNames(e, "900001");
            assertEquals(List.of(), f.admin().listQueues("delayed"));
        }
    }

    @Test
    void withoutMessageOptionsADelayIsRoundedUpToWholeSeconds() throws JMSException {
        WharfConnectionFactory f = without("MessageOptions");
        try (Connection c = f.createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("rounded");
            MessageProducer p = s.createProducer(q);
            p.setDeliveryDelay(1);
            p.send(s.createTextMessage("a second later"));
            assertEquals("1", f.admin().getQueueAttributes("rounded").get("ApproximateNumberOfMessagesDelayed"));
            c.start();
            assertEquals("a second later", ((TextMessage) s.createConsumer(q).receive(5_000)).getText());
        }
    }

    @Test
    void tenAttributesCarryAMessageWithThirtyPropertiesAndItsSelector() throws JMSException {
        try (Connection c = without("attributes=10").createConnection()) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("packed");
            TextMessage m = s.createTextMessage("many");
            for (int i = 0; i < 30; i++) {
                m.setIntProperty("p" + i, i);
            }
            m.setJMSType("order");
            s.createProducer(q).send(m);
            Message got = s.createConsumer(q, "p29 = 29 AND JMSType = 'order'").receive(5_000);
            assertNotNull(got);
            for (int i = 0; i < 30; i++) {
                assertEquals(i, got.getIntProperty("p" + i));
            }
            assertEquals("order", got.getJMSType());
        }
    }
}
