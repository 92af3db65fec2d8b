package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import jakarta.jms.Connection;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.resource.NotSupportedException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.LocalTransaction;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.outbound.PooledConnectionFactory;
import org.wharfmq.ra.outbound.WharfManagedConnectionFactory;

/**
 * The adapter on a backend with local transactions but no XA: it declares LocalTransaction, and a
 * managed connection's local transaction commits or rolls back what its handles did in it.
 */
class LocalTransactionsBackendTest {
    private final String url = "wharf:masked:XaTransactions:wharf:memory:ra-" + UUID.randomUUID();
    private final WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
    private final List<ManagedConnection> made = new ArrayList<>();
    private final JMSContext direct = new WharfConnectionFactory(url).createContext();

    /** Like a server in a transaction: a new managed connection per request, its local transaction begun. */
    private final ConnectionManager inTransaction = (factory, info) -> {
        ManagedConnection mc = factory.createManagedConnection(null, info);
        made.add(mc);
        mc.getLocalTransaction().begin();
        return mc.getConnection(null, info);
    };

    /** Like a server outside a transaction: a new managed connection per request, nothing begun. */
    private final ConnectionManager noTransaction = (factory, info) -> {
        ManagedConnection mc = factory.createManagedConnection(null, info);
        made.add(mc);
        return mc.getConnection(null, info);
    };

    LocalTransactionsBackendTest() {
        mcf.setConnectionURL(url);
    }

    @AfterEach
    void close() throws ResourceException {
        direct.close();
        for (ManagedConnection mc : made) {
            mc.destroy();
        }
    }

    private PooledConnectionFactory factory(ConnectionManager manager) throws ResourceException {
        return (PooledConnectionFactory) mcf.createConnectionFactory(manager);
    }

    /** The local transaction of the only managed connection made so far. */
    private LocalTransaction local() throws ResourceException {
        assertEquals(1, made.size());
        return made.get(0).getLocalTransaction();
    }

    private JMSConsumer reader(String queue) {
        return direct.createConsumer(direct.createQueue(queue));
    }

    @Test
    void declaresLocalTransactionAndOffersNoXaResource() throws ResourceException {
        assertEquals(TransactionSupportLevel.LocalTransaction, mcf.getTransactionSupport());
        ManagedConnection mc = mcf.createManagedConnection(null, null);
        made.add(mc);
        assertThrows(NotSupportedException.class, mc::getXAResource);
    }

    @Test
    void commitMakesTheSendsOfTheTransactionVisible() throws Exception {
        try (Connection c = factory(inTransaction).createConnection()) {
            Session s = c.createSession();
            s.createProducer(s.createQueue("committed")).send(s.createTextMessage("in a transaction"));
        }
        JMSConsumer reader = reader("committed");
        assertNull(reader.receive(300), "nothing is visible before commit");
        local().commit();
        assertEquals("in a transaction", reader.receiveBody(String.class, 5_000));
    }

    @Test
    void rollbackDiscardsTheSendsAndRedeliversWhatWasReceived() throws Exception {
        direct.createProducer().send(direct.createQueue("rolled-back"), "received");
        try (Connection c = factory(inTransaction).createConnection()) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("rolled-back");
            assertEquals("received", s.createConsumer(q).receive(5_000).getBody(String.class));
            s.createProducer(q).send(s.createTextMessage("discarded"));
        }
        local().rollback();
        JMSConsumer reader = reader("rolled-back");
        Message again = reader.receive(5_000);
        assertEquals("received", again.getBody(String.class));
        assertTrue(again.getJMSRedelivered());
        assertNull(reader.receive(300));
    }

    @Test
    void aJMSContextJoinsTheLocalTransaction() throws Exception {
        try (JMSContext ctx = factory(inTransaction).createContext()) {
            ctx.createProducer().send(ctx.createQueue("context"), "in a context");
        }
        JMSConsumer reader = reader("context");
        assertNull(reader.receive(300));
        local().commit();
        assertEquals("in a context", reader.receiveBody(String.class, 5_000));
    }

    @Test
    void theApplicationCannotEndTheServersLocalTransaction() throws Exception {
        PooledConnectionFactory cf = factory(inTransaction);
        try (Connection c = cf.createConnection(); JMSContext ctx = cf.createContext()) {
            assertThrows(TransactionInProgressException.class, c.createSession()::commit);
            assertThrows(TransactionInProgressRuntimeException.class, ctx::rollback);
        }
    }

    @Test
    void outsideALocalTransactionASendTakesEffectAtOnce() throws Exception {
        try (Connection c = factory(noTransaction).createConnection()) {
            Session s = c.createSession();
            s.createProducer(s.createQueue("plain")).send(s.createTextMessage("at once"));
        }
        assertEquals("at once", reader("plain").receiveBody(String.class, 5_000));
    }

    @Test
    void aManagedConnectionRunsOneLocalTransactionAfterAnother() throws Exception {
        try (Connection c = factory(inTransaction).createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("reused");
            s.createProducer(q).send(s.createTextMessage("first"));
            local().commit();
            local().begin();
            s.createProducer(q).send(s.createTextMessage("rolled back"));
            local().rollback();
            s.createProducer(q).send(s.createTextMessage("after"));
        }
        JMSConsumer reader = reader("reused");
        assertEquals("first", reader.receiveBody(String.class, 5_000));
        assertEquals("after", reader.receiveBody(String.class, 5_000));
        assertNull(reader.receive(300));
    }
}
