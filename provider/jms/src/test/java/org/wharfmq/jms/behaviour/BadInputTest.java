package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidDestinationRuntimeException;
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
import javax.naming.Context;
import javax.naming.InitialContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** Input a user may get wrong or a backend may mishandle, through the JMS API, on every backend. */
class BadInputTest {
    private String store;
    private WharfConnectionFactory factory;
    private Connection connection;
    private Session session;

    @BeforeEach
    void connect() throws JMSException {
        store = TestStores.url("badinput");
        factory = new WharfConnectionFactory(store);
        connection = factory.createConnection();
        connection.start();
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    @AfterEach
    void close() throws JMSException {
        connection.close();
    }

    @Test
    void aMessageOverItsQueuesMaximumMessageSizeFailsNamingBothSizes() throws JMSException {
        // ElasticMQ does not show MaximumMessageSize, so the backend holds its queues to 256 KiB.
        assumeTrue(TestStores.sqs(), "the SQS backend checks a queue's MaximumMessageSize before it sends");
        Queue q = session.createQueue("big");
        MessageProducer p = session.createProducer(q);
        p.send(session.createTextMessage("fits"));

        JMSException e = assertThrows(JMSException.class, () -> p.send(session.createTextMessage("x".repeat(300_000))));

        assertTrue(e.getMessage().matches("(?s).*the message is 3\\d{5} bytes.*262144 bytes.*"), e.getMessage());
        assertEquals("InvalidParameterValue", e.getErrorCode());
        assertEquals("fits", ((TextMessage) session.createConsumer(q).receive(5000)).getText());
    }

    @Test
    void emptyBodiesRoundTrip() throws JMSException {
        for (String name : List.of("empty-bodies", "empty-bodies.fifo")) {
            Queue q = session.createQueue(name);
            MessageProducer p = session.createProducer(q);
            TextMessage text = session.createTextMessage("");
            BytesMessage bytes = session.createBytesMessage();
            Message bare = session.createMessage();
            for (Message m : List.of(text, bytes, bare)) {
                if (name.endsWith(".fifo")) {
                    m.setStringProperty("JMSXGroupID", "g");
                    m.setStringProperty("JMS_Wharf_DeduplicationId", m.getClass().getSimpleName());
                }
                p.send(m);
            }
            MessageConsumer c = session.createConsumer(q);
            TextMessage gotText = assertInstanceOf(TextMessage.class, c.receive(5000), name);
            assertEquals("", gotText.getText());
            BytesMessage gotBytes = assertInstanceOf(BytesMessage.class, c.receive(5000), name);
            assertEquals(0, gotBytes.getBodyLength());
            Message gotBare = c.receive(5000);
            assertNotNull(gotBare, name);
            assertFalse(gotBare instanceof TextMessage || gotBare instanceof BytesMessage, gotBare.getClass().getName());
            assertEquals(bare.getJMSMessageID(), gotBare.getJMSMessageID());
            c.close();
        }
    }

    @Test
    void emptyTextRoundTripsThroughJmsContext() {
        try (JMSContext context = factory.createContext()) {
            Queue q = context.createQueue("empty-context");
            context.createProducer().send(q, "");
            assertEquals("", context.createConsumer(q).receiveBody(String.class, 5000));
        }
    }

    @Test
    void negativeDeliveryDelayAndTimeToLiveAreRefusedNamingTheValue() throws JMSException {
        Queue q = session.createQueue("negative");
        MessageProducer p = session.createProducer(q);
        JMSException delay = assertThrows(JMSException.class, () -> p.setDeliveryDelay(-5));
        assertTrue(delay.getMessage().contains("-5"), delay.getMessage());
        assertEquals(0, p.getDeliveryDelay());
        JMSException ttl = assertThrows(JMSException.class, () -> p.setTimeToLive(-7));
        assertTrue(ttl.getMessage().contains("-7"), ttl.getMessage());
        assertEquals(0, p.getTimeToLive());
        JMSException perSend = assertThrows(JMSException.class,
                () -> p.send(session.createTextMessage("x"), jakarta.jms.DeliveryMode.PERSISTENT, 4, -9));
        assertTrue(perSend.getMessage().contains("-9"), perSend.getMessage());
        assertNull(session.createConsumer(q).receive(300), "a refused send changes nothing");
        try (JMSContext context = factory.createContext()) {
            JMSRuntimeException r = assertThrows(JMSRuntimeException.class,
                    () -> context.createProducer().setDeliveryDelay(-11));
            assertTrue(r.getMessage().contains("-11"), r.getMessage());
            r = assertThrows(JMSRuntimeException.class, () -> context.createProducer().setTimeToLive(-13));
            assertTrue(r.getMessage().contains("-13"), r.getMessage());
        }
    }

    @Test
    void invalidQueueNamesThrowInvalidDestinationException() throws JMSException {
        Queue bad = session.createQueue("no spaces allowed!");
        InvalidDestinationException send = assertThrows(InvalidDestinationException.class,
                () -> session.createProducer(bad).send(session.createTextMessage("x")));
        assertTrue(send.getMessage().contains("no spaces allowed!"), send.getMessage());
        assertThrows(InvalidDestinationException.class, () -> session.createConsumer(bad));
        assertFalse(factory.admin().listQueues(null).stream().anyMatch(n -> n.contains("spaces")));
        try (JMSContext context = factory.createContext()) {
            Queue q = context.createQueue("x".repeat(81));
            assertThrows(InvalidDestinationRuntimeException.class, () -> context.createProducer().send(q, "x"));
        }
    }

    @Test
    void invalidTopicNamesThrowInvalidDestinationException() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        Topic bad = session.createTopic("bad topic name!");
        assertThrows(InvalidDestinationException.class,
                () -> session.createProducer(bad).send(session.createTextMessage("x")));
    }

    /** Lookup of {@code name} in a JNDI environment of {@code bindings} (queue.X=..., queue.X.Attribute=...). */
    private static Queue jndiQueue(String name, String... bindings) throws Exception {
        Properties p = new Properties();
        p.put(Context.INITIAL_CONTEXT_FACTORY, "org.wharfmq.jms.jndi.WharfInitialContextFactory");
        for (int i = 0; i < bindings.length; i += 2) {
            p.put(bindings[i], bindings[i + 1]);
        }
        return (Queue) new InitialContext(p).lookup(name);
    }

    private static String redrive(String deadLetterQueue) {
        return "{\"deadLetterTargetArn\":\"" + deadLetterQueue + "\",\"maxReceiveCount\":\"3\"}";
    }

    @Test
    void aJndiDeadLetterQueueTypoFailsAndCreatesNothing() throws Exception {
        Queue q = jndiQueue("ORDERS", "queue.ORDERS", "typo-orders", "queue.ORDERS.RedrivePolicy", redrive("typo-ordrs-dlq"));
        InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                () -> session.createProducer(q).send(session.createTextMessage("x")));
        assertTrue(e.getMessage().contains("typo-ordrs-dlq") && e.getMessage().contains("typo-orders"), e.getMessage());
        List<String> queues = factory.admin().listQueues(null);
        assertFalse(queues.stream().anyMatch(n -> n.contains("typo-")), queues.toString());
    }

    @Test
    void aJndiDeadLetterQueueDeclaredBesideIsCreatedWithItsAttributes() throws Exception {
        Queue q = jndiQueue("ORDERS", "queue.ORDERS", "declared-orders", "queue.ORDERS.RedrivePolicy",
                redrive("declared-dlq"), "queue.DLQ", "declared-dlq", "queue.DLQ.VisibilityTimeout", "9");
        session.createProducer(q).send(session.createTextMessage("x"));
        QueueAdmin admin = factory.admin();
        assertEquals("9", admin.getQueueAttributes("declared-dlq").get("VisibilityTimeout"));
        assertTrue(admin.getQueueAttributes("declared-orders").get("RedrivePolicy").contains("declared-dlq"));
    }

    @Test
    void aFailedQueueCreationLeavesNoDeadLetterQueueBehind() throws Exception {
        TestStores.assumeDerby("ElasticMQ accepts a FIFO dead-letter queue for a standard queue");
        Queue q = jndiQueue("STD", "queue.STD", "mixed-standard", "queue.STD.RedrivePolicy", redrive("mixed-dlq.fifo"),
                "queue.DLQ", "mixed-dlq.fifo", "queue.DLQ.FifoQueue", "true");
        assertThrows(JMSException.class, () -> session.createProducer(q).send(session.createTextMessage("x")));
        List<String> queues = factory.admin().listQueues(null);
        assertFalse(queues.stream().anyMatch(n -> n.contains("mixed-")), queues.toString());
    }

    @Test
    void aDuplicateDeduplicationIdInOneTransactionGetsTheOriginalsId() throws JMSException {
        TestStores.assumeOffers("Transactions", "a transacted session");
        Session tx = connection.createSession(true, Session.SESSION_TRANSACTED);
        Queue q = tx.createQueue("tx-dedup.fifo");
        MessageProducer p = tx.createProducer(q);
        TextMessage first = tx.createTextMessage("first");
        TextMessage second = tx.createTextMessage("second");
        for (TextMessage m : List.of(first, second)) {
            m.setStringProperty("JMSXGroupID", "g");
            m.setStringProperty("JMS_Wharf_DeduplicationId", "same");
            p.send(m);
        }
        assertEquals(first.getJMSMessageID(), second.getJMSMessageID());
        tx.commit();
        MessageConsumer c = session.createConsumer(q);
        Message got = c.receive(5000);
        assertEquals(first.getJMSMessageID(), got.getJMSMessageID());
        assertEquals("first", ((TextMessage) got).getText());
        assertNull(c.receive(300));
    }

    @Test
    void aDeduplicatedSendAfterACommitGetsTheOriginalsId() throws JMSException {
        TestStores.assumeDerby("the server's deduplication is only known after the commit");
        Session tx = connection.createSession(true, Session.SESSION_TRANSACTED);
        Queue q = tx.createQueue("tx-dedup-later.fifo");
        MessageProducer p = tx.createProducer(q);
        TextMessage first = tx.createTextMessage("first");
        first.setStringProperty("JMSXGroupID", "g");
        first.setStringProperty("JMS_Wharf_DeduplicationId", "same");
        p.send(first);
        tx.commit();
        TextMessage again = tx.createTextMessage("again");
        again.setStringProperty("JMSXGroupID", "g");
        again.setStringProperty("JMS_Wharf_DeduplicationId", "same");
        p.send(again);
        tx.commit();
        assertEquals(first.getJMSMessageID(), again.getJMSMessageID());
        Map<String, String> counts = factory.admin().getQueueAttributes("tx-dedup-later.fifo");
        assertEquals("1", counts.get("ApproximateNumberOfMessages"));
    }
}
