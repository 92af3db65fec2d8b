package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.IllegalStateException;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueReceiver;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicSession;
import jakarta.jms.TopicSubscriber;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ManagedConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.outbound.PooledConnectionFactory;
import org.wharfmq.ra.outbound.WharfManagedConnectionFactory;

/**
 * The handles keep Jakarta Messaging 3.1 chapter 12: they refuse what 12.2 forbids in a Jakarta
 * EE component, and their sessions behave as 12.3 says outside and inside a JTA transaction (an
 * XA branch the test starts, as a transaction manager would, while {@link TestJta} says a
 * transaction is active).
 */
class ContainerRulesTest {
    private static final String NOT_ALLOWED = " is not allowed in a Jakarta EE component: ";
    private static final CompletionListener LISTENER = new CompletionListener() {
        @Override
        public void onCompletion(Message message) {
        }

        @Override
        public void onException(Message message, Exception exception) {
        }
    };

    private record TestXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier)
            implements Xid {
    }

    private final String url = "wharf:memory:ra-rules-" + UUID.randomUUID();
    private final WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
    private final List<ManagedConnection> made = new ArrayList<>();
    private final JMSContext direct = new WharfConnectionFactory(url).createContext();
    private XAResource branch;
    private Xid xid;

    /** Like a server outside a transaction: a new managed connection per request. */
    private final ConnectionManager outside = (factory, info) -> {
        ManagedConnection mc = factory.createManagedConnection(null, info);
        made.add(mc);
        return mc.getConnection(null, info);
    };

    /** Like a server in a transaction: a new managed connection per request, enlisted in an XA branch. */
    private final ConnectionManager inside = (factory, info) -> {
        ManagedConnection mc = factory.createManagedConnection(null, info);
        made.add(mc);
        try {
            UUID id = UUID.randomUUID();
            xid = new TestXid(1, ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                    .putLong(id.getLeastSignificantBits()).array(), new byte[] {1});
            branch = mc.getXAResource();
            branch.start(xid, XAResource.TMNOFLAGS);
        } catch (javax.transaction.xa.XAException e) {
            throw new ResourceException(e);
        }
        TestJta.inTransaction(true);
        return mc.getConnection(null, info);
    };

    ContainerRulesTest() {
        mcf.setConnectionURL(url);
    }

    @BeforeEach
    void jta() {
        TestJta.install();
    }

    @AfterEach
    void close() throws ResourceException {
        TestJta.uninstall();
        direct.close();
        for (ManagedConnection mc : made) {
            mc.destroy();
        }
    }

    private void commit() throws Exception {
        TestJta.inTransaction(false);
        branch.end(xid, XAResource.TMSUCCESS);
        branch.commit(xid, true);
    }

    private PooledConnectionFactory factory(ConnectionManager manager) throws ResourceException {
        return (PooledConnectionFactory) mcf.createConnectionFactory(manager);
    }

    private static void refused(Class<? extends Exception> type, String call, Executable executable) {
        Exception e = assertThrows(type, executable);
        assertTrue(e.getMessage().startsWith(call + NOT_ALLOWED), e.getMessage());
    }

    @Test
    void theConnectionIsTheContainers() throws Exception {
        try (Connection c = factory(outside).createConnection()) {
            refused(IllegalStateException.class, "Connection.setClientID", () -> c.setClientID("mine"));
            refused(IllegalStateException.class, "Connection.setExceptionListener",
                    () -> c.setExceptionListener(e -> { }));
            refused(IllegalStateException.class, "Connection.stop", c::stop);
            Queue q = direct.createQueue("q");
            refused(IllegalStateException.class, "Connection.createConnectionConsumer",
                    () -> c.createConnectionConsumer(q, null, null, 1));
            refused(IllegalStateException.class, "Connection.createSharedConnectionConsumer",
                    () -> c.createSharedConnectionConsumer(direct.createTopic("t"), "s", null, null, 1));
            refused(IllegalStateException.class, "Connection.createDurableConnectionConsumer",
                    () -> c.createDurableConnectionConsumer(direct.createTopic("t"), "s", null, null, 1));
            refused(IllegalStateException.class, "Connection.createSharedDurableConnectionConsumer",
                    () -> c.createSharedDurableConnectionConsumer(direct.createTopic("t"), "s", null, null, 1));
        }
        try (JMSContext ctx = factory(outside).createContext()) {
            refused(IllegalStateRuntimeException.class, "JMSContext.setClientID", () -> ctx.setClientID("mine"));
            refused(IllegalStateRuntimeException.class, "JMSContext.setExceptionListener",
                    () -> ctx.setExceptionListener(e -> { }));
            refused(IllegalStateRuntimeException.class, "JMSContext.stop", ctx::stop);
        }
    }

    @Test
    void oneSessionPerConnection() throws Exception {
        try (Connection c = factory(outside).createConnection()) {
            Session first = c.createSession();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.createSession());
            assertTrue(e.getMessage().startsWith("Connection.createSession is not allowed while"), e.getMessage());
            first.close();
            c.createSession().close();
        }
        try (JMSContext ctx = factory(outside).createContext()) {
            refused(IllegalStateRuntimeException.class, "JMSContext.createContext",
                    () -> ctx.createContext(JMSContext.AUTO_ACKNOWLEDGE));
        }
    }

    @Test
    void noMessageListenerAndNoRun() throws Exception {
        try (Connection c = factory(outside).createConnection()) {
            QueueSession s = (QueueSession) c.createSession();
            Queue q = s.createQueue("listened");
            refused(IllegalStateException.class, "Session.setMessageListener", () -> s.setMessageListener(m -> { }));
            refused(IllegalStateException.class, "Session.getMessageListener", s::getMessageListener);
            refused(IllegalStateRuntimeException.class, "Session.run", s::run);
            MessageConsumer consumer = s.createConsumer(q);
            refused(IllegalStateException.class, "MessageConsumer.setMessageListener",
                    () -> consumer.setMessageListener(m -> { }));
            refused(IllegalStateException.class, "MessageConsumer.getMessageListener", consumer::getMessageListener);
            QueueReceiver receiver = s.createReceiver(q);
            refused(IllegalStateException.class, "MessageConsumer.setMessageListener",
                    () -> receiver.setMessageListener(m -> { }));
            assertInstanceOf(TopicSubscriber.class, s.createConsumer(s.createTopic("t")),
                    "a guarded consumer keeps the provider's interfaces");
        }
        try (JMSContext ctx = factory(outside).createContext()) {
            JMSConsumer consumer = ctx.createConsumer(ctx.createQueue("listened"));
            refused(IllegalStateRuntimeException.class, "JMSConsumer.setMessageListener",
                    () -> consumer.setMessageListener(m -> { }));
            refused(IllegalStateRuntimeException.class, "JMSConsumer.getMessageListener",
                    consumer::getMessageListener);
        }
    }

    @Test
    void noAsynchronousSend() throws Exception {
        try (Connection c = factory(outside).createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("async");
            Message m = s.createTextMessage("async");
            MessageProducer p = s.createProducer(q);
            MessageProducer anonymous = s.createProducer(null);
            String call = "MessageProducer.send with a CompletionListener";
            refused(IllegalStateException.class, call, () -> p.send(m, LISTENER));
            refused(IllegalStateException.class, call, () -> p.send(m, DeliveryMode.PERSISTENT, 4, 0, LISTENER));
            refused(IllegalStateException.class, call, () -> anonymous.send(q, m, LISTENER));
            refused(IllegalStateException.class, call,
                    () -> anonymous.send(q, m, DeliveryMode.PERSISTENT, 4, 0, LISTENER));
            p.send(m);
        }
        try (JMSContext ctx = factory(outside).createContext()) {
            JMSProducer p = ctx.createProducer();
            refused(IllegalStateRuntimeException.class, "JMSProducer.setAsync", () -> p.setAsync(LISTENER));
            assertSame(p, p.setProperty("k", "v"), "the application keeps the guarded producer");
            p.send(ctx.createQueue("async"), "sync");
        }
        JMSConsumer reader = direct.createConsumer(direct.createQueue("async"));
        assertEquals("async", reader.receiveBody(String.class, 5_000));
        assertEquals("sync", reader.receiveBody(String.class, 5_000));
    }

    @Test
    void outsideATransactionASessionIsNonTransactedWhateverItAskedFor() throws Exception {
        try (Connection c = factory(outside).createConnection()) {
            Session s = c.createSession(true, Session.CLIENT_ACKNOWLEDGE);
            assertFalse(s.getTransacted());
            assertEquals(Session.AUTO_ACKNOWLEDGE, s.getAcknowledgeMode());
            s.createProducer(s.createQueue("outside")).send(s.createTextMessage("at once"));
            assertEquals("at once", direct.createConsumer(direct.createQueue("outside"))
                    .receiveBody(String.class, 5_000), "sent without a commit");
            IllegalStateException e = assertThrows(IllegalStateException.class, s::commit);
            assertTrue(e.getMessage().startsWith("Session.commit is not allowed"), e.getMessage());
            assertThrows(IllegalStateException.class, s::rollback);
            s.recover();
            s.close();
            Session dupsOk = c.createSession(Session.DUPS_OK_ACKNOWLEDGE);
            assertEquals(Session.DUPS_OK_ACKNOWLEDGE, dupsOk.getAcknowledgeMode());
            dupsOk.close();
            assertThrows(JMSException.class, () -> c.createSession(false, 42), "not a mode");
        }
        try (JMSContext ctx = factory(outside).createContext(JMSContext.SESSION_TRANSACTED)) {
            assertFalse(ctx.getTransacted());
            assertEquals(JMSContext.AUTO_ACKNOWLEDGE, ctx.getSessionMode());
            assertThrows(IllegalStateRuntimeException.class, ctx::commit);
            assertThrows(IllegalStateRuntimeException.class, ctx::rollback);
            ctx.recover();
        }
        try (JMSContext ctx = factory(outside).createContext(JMSContext.DUPS_OK_ACKNOWLEDGE)) {
            assertEquals(JMSContext.DUPS_OK_ACKNOWLEDGE, ctx.getSessionMode());
        }
    }

    @Test
    void aQueueSessionRefusesTopicMethodsAndATopicSessionQueueMethods() throws Exception {
        try (QueueConnection c = factory(outside).createQueueConnection()) {
            QueueSession s = c.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.createTopic("t"));
            assertEquals("QueueSession.createTopic is not allowed: it is for topics", e.getMessage());
            assertThrows(IllegalStateException.class, s::createTemporaryTopic);
            assertThrows(IllegalStateException.class, () -> s.unsubscribe("sub"));
            assertEquals("q", s.createQueue("q").getQueueName());
        }
        try (TopicConnection c = factory(outside).createTopicConnection()) {
            TopicSession s = c.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.createQueue("q"));
            assertEquals("TopicSession.createQueue is not allowed: it is for queues", e.getMessage());
            assertThrows(IllegalStateException.class, s::createTemporaryQueue);
            assertEquals("t", s.createTopic("t").getTopicName());
        }
    }

    @Test
    void insideATransactionASessionTakesPartWhateverItAskedFor() throws Exception {
        try (Connection c = factory(inside).createConnection()) {
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            assertTrue(s.getTransacted());
            assertEquals(Session.SESSION_TRANSACTED, s.getAcknowledgeMode());
            s.createProducer(s.createQueue("inside")).send(s.createTextMessage("on commit"));
            TransactionInProgressException e = assertThrows(TransactionInProgressException.class, s::commit);
            assertTrue(e.getMessage().startsWith("Session.commit is not allowed in a transaction"), e.getMessage());
            assertThrows(TransactionInProgressException.class, s::rollback);
            assertThrows(IllegalStateException.class, s::recover);
        }
        JMSConsumer reader = direct.createConsumer(direct.createQueue("inside"));
        assertNull(reader.receiveNoWait(), "nothing is visible before the commit");
        commit();
        assertEquals("on commit", reader.receiveBody(String.class, 5_000));
    }

    @Test
    void insideATransactionAContextTakesPartWhateverItAskedFor() throws Exception {
        try (JMSContext ctx = factory(inside).createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            assertTrue(ctx.getTransacted());
            assertEquals(JMSContext.SESSION_TRANSACTED, ctx.getSessionMode());
            ctx.createProducer().send(ctx.createQueue("inside-context"), "on commit");
            assertThrows(TransactionInProgressRuntimeException.class, ctx::commit);
            assertThrows(TransactionInProgressRuntimeException.class, ctx::rollback);
            assertThrows(IllegalStateRuntimeException.class, ctx::recover);
        }
        JMSConsumer reader = direct.createConsumer(direct.createQueue("inside-context"));
        assertNull(reader.receiveNoWait(), "nothing is visible before the commit");
        commit();
        assertEquals("on commit", reader.receiveBody(String.class, 5_000));
    }
}
