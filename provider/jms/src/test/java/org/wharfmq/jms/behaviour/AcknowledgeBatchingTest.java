package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.CountingStores;
import org.wharfmq.jms.testing.TestStores;

/** Acknowledging many messages at once deletes them with DeleteMessageBatch, 10 to a request per queue. */
class AcknowledgeBatchingTest {

    private static List<Message> sendAndReceive(Session s, Queue q, int count) throws JMSException {
        MessageProducer p = s.createProducer(q);
        for (int i = 0; i < count; i++) {
            p.send(s.createTextMessage("m" + i));
        }
        MessageConsumer c = s.createConsumer(q);
        List<Message> got = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Message m = c.receive(5000);
            assertNotNull(m, "message " + i + " of " + count);
            got.add(m);
        }
        c.close();
        return got;
    }

    @Test
    void clientAcknowledgeDeletesTenMessagesARequestPerQueue() throws JMSException {
        String url = CountingStores.url(TestStores.url("batchack"));
        try (Connection c = new WharfConnectionFactory(url).createConnection()) {
            c.start();
            Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
            Queue big = s.createQueue("big");
            Queue small = s.createQueue("small");
            sendAndReceive(s, big, 25);
            List<Message> last = sendAndReceive(s, small, 3);
            last.get(0).acknowledge();

            assertEquals(3 + 1, CountingStores.calls(url, "deleteMessageBatch"));
            assertEquals(0, CountingStores.calls(url, "deleteMessage"));
            Session check = c.createSession(Session.AUTO_ACKNOWLEDGE);
            assertNull(check.createConsumer(big).receive(300));
            assertNull(check.createConsumer(small).receive(300));
        }
    }

    @Test
    void aStaleEntryIsNamedAndTheRestOfTheBatchIsDeleted() throws JMSException {
        String url = TestStores.withOptions(TestStores.url("batchstale"), "visibilityTimeout=1");
        try (Connection c = new WharfConnectionFactory(url).createConnection()) {
            c.start();
            Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("stale-batch");
            Message late = sendAndReceive(s, q, 1).get(0);
            Session other = c.createSession(Session.CLIENT_ACKNOWLEDGE);
            Message stolen = other.createConsumer(q).receive(5000);
            assertEquals(late.getJMSMessageID(), stolen.getJMSMessageID());
            List<Message> fresh = sendAndReceive(s, q, 2);

            JMSException e = assertThrows(JMSException.class, late::acknowledge);
            assertTrue(e.getMessage().contains(late.getJMSMessageID()), e.getMessage());
            for (Message m : fresh) {
                assertFalse(e.getMessage().contains(m.getJMSMessageID()), e.getMessage());
            }
            stolen.acknowledge();
            assertNull(c.createSession(Session.AUTO_ACKNOWLEDGE).createConsumer(q).receive(1500));
        }
    }
}
