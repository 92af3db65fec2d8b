package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.TransactionRolledBackException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfSession;
import org.wharfmq.jms.testing.TestStores;

/** Queue semantics of the model seen through JMS: FIFO, dedup, visibility, stale acknowledgement, DLQ. */
class QueueSemanticsTest {
    private WharfConnectionFactory factory;
    private Connection connection;

    @BeforeEach
    void connect() throws JMSException {
        factory = new WharfConnectionFactory(TestStores.withOptions(TestStores.url("semantics"), "visibilityTimeout=1"));
        connection = factory.createConnection();
        connection.start();
    }

    @AfterEach
    void close() throws JMSException {
        connection.close();
    }

    private void sendText(Session s, Queue q, String text, Map<String, String> properties) throws JMSException {
        TextMessage m = s.createTextMessage(text);
        for (Map.Entry<String, String> p : properties.entrySet()) {
            m.setStringProperty(p.getKey(), p.getValue());
        }
        try (MessageProducer p = s.createProducer(q)) {
            p.send(m);
        }
    }

    @Test
    void aStandardQueueMessagesGroupGoesToTheServerWhereItHasFairQueues() throws JMSException {
        TestStores.assumeOffers("FairQueues", "a group on a standard queue");
        String store = TestStores.url("fair");
        WharfConnectionFactory fair = new WharfConnectionFactory(store);
        try (Connection c = fair.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q = s.createQueue("tenants");
            sendText(s, q, "for a", Map.of("JMSXGroupID", "tenant-a"));

            try (org.wharfmq.store.QueueService raw = org.wharfmq.store.QueueServices.open(store)) {
                String url = raw.getQueueUrl("tenants");
                List<org.wharfmq.store.ReceivedMessage> seen = List.of();
                for (int i = 0; i < 20 && seen.isEmpty(); i++) {
                    seen = raw.receiveMessage(org.wharfmq.store.ReceiveMessageRequest.of(url, 1)
                            .withVisibilityTimeout(0));
                }
                assertEquals("tenant-a", seen.get(0).messageGroupId());
            }
            Message m = s.createConsumer(q).receive(5000);
            assertEquals(List.of("for a", "tenant-a"),
                    List.of(((TextMessage) m).getText(), m.getStringProperty("JMSXGroupID")));
        }
    }

    @Test
    void fifoGroupsKeepTheirOrderUnderFourConcurrentConsumers() throws Exception {
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q = s.createQueue("orders.fifo");
        int groups = 6;
        int perGroup = 25;
        for (int i = 0; i < perGroup; i++) {
            for (int g = 0; g < groups; g++) {
                sendText(s, q, g + ":" + i, Map.of("JMSXGroupID", "g" + g, "JMS_Wharf_DeduplicationId", g + "-" + i));
            }
        }
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            workers.add(pool.submit(() -> {
                Session ws = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
                MessageConsumer c = ws.createConsumer(q);
                Message m;
                while ((m = c.receive(1000)) != null) {
                    String[] parts = ((TextMessage) m).getText().split(":");
                    seen.computeIfAbsent(parts[0], k -> Collections.synchronizedList(new ArrayList<>()))
                            .add(Integer.parseInt(parts[1]));
                    m.acknowledge();
                }
                ws.close();
                return null;
            }));
        }
        for (Future<?> f : workers) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertEquals(groups, seen.size());
        for (List<Integer> order : seen.values()) {
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < perGroup; i++) {
                expected.add(i);
            }
            assertEquals(expected, order);
        }
    }

    @Test
    void fifoSendWithoutGroupFailsNamingMissingParameter() throws JMSException {
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        JMSException e = assertThrows(JMSException.class,
                () -> sendText(s, s.createQueue("nogroup.fifo"), "x", Map.of("JMS_Wharf_DeduplicationId", "1")));
        assertTrue(e.getMessage().contains("MissingParameter"), e.getMessage());
        assertEquals("MissingParameter", e.getErrorCode());
    }

    @Test
    void duplicatePropertyIdsAreDroppedWithEitherPropertyName() throws JMSException {
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q = s.createQueue("dedup.fifo");
        sendText(s, q, "first", Map.of("JMSXGroupID", "g", "JMS_Wharf_DeduplicationId", "same"));
        sendText(s, q, "again", Map.of("JMSXGroupID", "g", "JMS_SQS_DeduplicationId", "same"));
        sendText(s, q, "second", Map.of("JMSXGroupID", "g", "JMS_SQS_DeduplicationId", "other"));
        MessageConsumer c = s.createConsumer(q);
        assertEquals("first", ((TextMessage) c.receive(2000)).getText());
        TextMessage second = (TextMessage) c.receive(2000);
        assertEquals("second", second.getText());
        assertNotNull(second.getStringProperty("JMS_Wharf_SequenceNumber"));
        assertNull(c.receiveNoWait());
    }

    @Test
    void duplicateContentIsDroppedWithContentBasedDeduplication() throws JMSException {
        factory.admin().createQueue("content.fifo", Map.of("ContentBasedDeduplication", "true"));
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q = s.createQueue("content.fifo");
        sendText(s, q, "same", Map.of("JMSXGroupID", "g"));
        sendText(s, q, "same", Map.of("JMSXGroupID", "g"));
        MessageConsumer c = s.createConsumer(q);
        assertNotNull(c.receive(2000));
        assertNull(c.receive(200));
    }

    @Test
    void unacknowledgedMessageComesBackAfterTheVisibilityTimeout() throws JMSException {
        Session s = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue q = s.createQueue("visibility");
        sendText(s, q, "m", Map.of());
        MessageConsumer c = s.createConsumer(q);
        Message first = c.receive(2000);
        assertFalse(first.getJMSRedelivered());
        Message again = c.receive(5000);
        assertTrue(again.getJMSRedelivered());
        assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
        assertEquals(first.getJMSMessageID(), again.getJMSMessageID());
        again.acknowledge();
    }

    @Test
    void staleAcknowledgeThrowsNamingTheMessage() throws JMSException {
        Session s = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue q = s.createQueue("stale");
        sendText(s, q, "m", Map.of());
        Message first = s.createConsumer(q).receive(2000);
        Session other = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Message again = other.createConsumer(q).receive(5000);
        assertNotNull(again);
        JMSException e = assertThrows(JMSException.class, first::acknowledge);
        assertTrue(e.getMessage().contains(first.getJMSMessageID()), e.getMessage());
        again.acknowledge();
    }

    @Test
    void commitWithAStaleHandleRollsBackAndChangesNothing() throws JMSException {
        TestStores.assumeOffers("Transactions", "a transacted session");
        Session tx = connection.createSession(true, Session.SESSION_TRANSACTED);
        Queue q = tx.createQueue("stale-tx");
        Queue out = tx.createQueue("stale-tx-out");
        Session plain = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sendText(plain, q, "in", Map.of());
        Message consumed = tx.createConsumer(q).receive(2000);
        assertNotNull(consumed);
        sendText(tx, out, "out", Map.of());
        Session other = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Message stolen = other.createConsumer(q).receive(5000);
        assertNotNull(stolen);
        TransactionRolledBackException e = assertThrows(TransactionRolledBackException.class, tx::commit);
        assertTrue(e.getMessage().contains(consumed.getJMSMessageID()), e.getMessage());
        // The store's account of the refusal follows, with JMSMessageIDs in place of receipt handles.
        assertFalse(Pattern.compile("receipt handle \"?+(?!ID:)").matcher(e.getMessage()).find(), e.getMessage());
        assertNull(plain.createConsumer(out).receive(300));
        stolen.acknowledge();
    }

    @Test
    void individualAcknowledgeDeletesOnlyThatMessage() throws JMSException {
        for (int mode : new int[] {WharfSession.INDIVIDUAL_ACKNOWLEDGE, WharfSession.INDIVIDUAL_ACKNOWLEDGE_ALIAS}) {
            Session s = connection.createSession(false, mode);
            Queue q = s.createQueue("individual" + mode);
            sendText(s, q, "a", Map.of());
            sendText(s, q, "b", Map.of());
            MessageConsumer c = s.createConsumer(q);
            Message a = c.receive(2000);
            Message b = c.receive(2000);
            b.acknowledge();
            Message back = c.receive(5000);
            assertEquals(a.getJMSMessageID(), back.getJMSMessageID());
            back.acknowledge();
            assertNull(c.receive(1500));
        }
    }

    @Test
    void rolledBackMessageReachesTheDeadLetterQueueWithItsMessageId() throws JMSException {
        TestStores.assumeOffers("Transactions", "a transacted session");
        factory.admin().createQueue("payments-dlq", Map.of());
        factory.admin().createQueue("payments", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"payments-dlq\",\"maxReceiveCount\":2}"));
        Session tx = connection.createSession(true, Session.SESSION_TRANSACTED);
        Queue q = tx.createQueue("payments");
        sendText(tx, q, "poison", Map.of());
        tx.commit();
        MessageConsumer c = tx.createConsumer(q);
        String id = c.receive(2000).getJMSMessageID();
        tx.rollback();
        assertEquals(id, c.receive(2000).getJMSMessageID());
        tx.rollback();
        assertNull(c.receive(300));
        Message dead = tx.createConsumer(tx.createQueue("payments-dlq")).receive(2000);
        assertEquals(id, dead.getJMSMessageID());
        tx.commit();
    }

    @Test
    void deliveryDelayOnAFifoQueueFails() throws JMSException {
        Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(s.createQueue("delayed.fifo"));
        p.setDeliveryDelay(1000);
        TextMessage m = s.createTextMessage("x");
        m.setStringProperty("JMSXGroupID", "g");
        m.setStringProperty("JMS_Wharf_DeduplicationId", "d");
        JMSException e = assertThrows(JMSException.class, () -> p.send(m));
        assertEquals("InvalidParameterValue", e.getErrorCode());
    }
}
