package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import javax.naming.Context;
import javax.naming.InitialContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.QueueAdmin.Declared;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.CountingStores;
import org.wharfmq.jms.testing.TestStores;

/** QueueAdmin.declare and JNDI's declared queues: create, change only what differs, refuse bad input whole. */
class DeclareTest {
    private final String store = CountingStores.url(TestStores.url("declare"));
    private final QueueAdmin admin = admin(store);

    private static QueueAdmin admin(String url) {
        try {
            return new WharfConnectionFactory(url).admin();
        } catch (JMSException e) {
            throw new AssertionError(e);
        }
    }

    private static String redrive(String target, int maxReceiveCount) {
        return "{\"deadLetterTargetArn\":\"" + target + "\",\"maxReceiveCount\":" + maxReceiveCount + "}";
    }

    @Test
    void aMissingQueueIsCreatedWithItsAttributes() throws JMSException {
        assertEquals(Declared.CREATED, admin.declare("new-orders.fifo", Map.of("VisibilityTimeout", "17")));
        Map<String, String> a = admin.getQueueAttributes("new-orders.fifo");
        assertEquals("17", a.get("VisibilityTimeout"));
        assertEquals("true", a.get("FifoQueue"));
    }

    @Test
    void onlyTheAttributesThatDifferAreSet() throws JMSException {
        admin.createQueue("upd-dlq", Map.of());
        admin.createQueue("upd", Map.of("VisibilityTimeout", "10", "DelaySeconds", "5",
                "RedrivePolicy", redrive("upd-dlq", 3)));
        String dlqArn = admin.getQueueAttributes("upd-dlq").get("QueueArn");

        assertEquals(Declared.UPDATED, admin.declare("upd", Map.of("VisibilityTimeout", "10", "DelaySeconds", "7",
                "RedrivePolicy", redrive(dlqArn, 3))));

        assertEquals(Map.of("DelaySeconds", "7"), CountingStores.lastArguments(store, "setQueueAttributes").get(1));
        assertEquals("7", admin.getQueueAttributes("upd").get("DelaySeconds"));
    }

    @Test
    void theSameAttributesWrittenAnotherWayChangeNothing() throws JMSException {
        admin.createQueue("same-dlq", Map.of());
        admin.createQueue("same", Map.of("VisibilityTimeout", "10", "RedrivePolicy", redrive("same-dlq", 3)));
        String dlqArn = admin.getQueueAttributes("same-dlq").get("QueueArn");
        int sets = CountingStores.calls(store, "setQueueAttributes");

        assertEquals(Declared.UNCHANGED, admin.declare("same", Map.of("VisibilityTimeout", " 10",
                "RedrivePolicy", "{ \"maxReceiveCount\": \"3\", \"deadLetterTargetArn\": \"" + dlqArn + "\" }")));
        assertEquals(Declared.UNCHANGED, admin.declare("same", Map.of("RedrivePolicy", redrive("same-dlq", 3))));
        assertEquals(Declared.UNCHANGED, admin.declare("same", Map.of()));

        assertEquals(sets, CountingStores.calls(store, "setQueueAttributes"));
    }

    @Test
    void aTypeChangeIsRefusedAndChangesNothing() throws JMSException {
        admin.createQueue("typed.fifo", Map.of("VisibilityTimeout", "10"));
        admin.createQueue("typed", Map.of("VisibilityTimeout", "10"));

        JMSException toStandard = assertThrows(JMSException.class, () -> admin.declare("typed.fifo",
                Map.of("FifoQueue", "false", "VisibilityTimeout", "20")));
        JMSException toFifo = assertThrows(JMSException.class, () -> admin.declare("typed",
                Map.of("FifoQueue", "true", "VisibilityTimeout", "20")));

        assertTrue(toStandard.getMessage().contains("typed.fifo") && toStandard.getMessage().contains("FifoQueue=false"),
                toStandard.getMessage());
        assertTrue(toFifo.getMessage().contains("typed ") && toFifo.getMessage().contains("FifoQueue=true"),
                toFifo.getMessage());
        assertEquals("10", admin.getQueueAttributes("typed.fifo").get("VisibilityTimeout"));
        assertEquals("10", admin.getQueueAttributes("typed").get("VisibilityTimeout"));
    }

    @Test
    void aBadValueIsRefusedAndChangesNothing() throws JMSException {
        admin.createQueue("bad", Map.of("VisibilityTimeout", "10", "DelaySeconds", "5"));

        JMSException range = assertThrows(JMSException.class, () -> admin.declare("bad",
                Map.of("VisibilityTimeout", "20", "DelaySeconds", "99999")));
        JMSException missingDlq = assertThrows(JMSException.class, () -> admin.declare("bad",
                Map.of("VisibilityTimeout", "20", "RedrivePolicy", redrive("no-such-dlq", 3))));

        assertTrue(range.getMessage().contains("99999"), range.getMessage());
        assertTrue(missingDlq.getMessage().contains("no-such-dlq"), missingDlq.getMessage());
        Map<String, String> a = admin.getQueueAttributes("bad");
        assertEquals("10", a.get("VisibilityTimeout"));
        assertEquals("5", a.get("DelaySeconds"));
        assertNull(a.get("RedrivePolicy"));
    }

    @Test
    void aJndiQueueWhoseRedrivePolicyChangedGetsItOnTheNextStart(@TempDir Path dir) throws Exception {
        String url = TestStores.restartable(dir, "jndi");
        jndiSend(url, "jndi-orders", redrive("jndi-dlq", 3));
        new WharfConnectionFactory(url).closeStore();

        jndiSend(url, "jndi-orders", redrive("jndi-dlq", 7));

        String policy = new WharfConnectionFactory(url).admin().getQueueAttributes("jndi-orders").get("RedrivePolicy");
        assertNotNull(policy);
        assertTrue(policy.contains("\"maxReceiveCount\":7") || policy.contains("\"maxReceiveCount\":\"7\""), policy);
        assertFalse(policy.contains(":3"), policy);
    }

    /** Sends one message to JNDI queue ORDERS ({@code queue}, with {@code policy} naming a DLQ declared beside it). */
    private static void jndiSend(String url, String queue, String policy) throws Exception {
        Properties p = new Properties();
        p.put(Context.INITIAL_CONTEXT_FACTORY, "org.wharfmq.jms.jndi.WharfInitialContextFactory");
        p.put("connectionfactory.CF", url);
        p.put("queue.ORDERS", queue);
        p.put("queue.ORDERS.RedrivePolicy", policy);
        p.put("queue.DLQ", "jndi-dlq");
        InitialContext ctx = new InitialContext(p);
        WharfConnectionFactory f = (WharfConnectionFactory) ctx.lookup("CF");
        try (Connection c = f.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            s.createProducer((Queue) ctx.lookup("ORDERS")).send(s.createTextMessage("x"));
        }
    }
}
