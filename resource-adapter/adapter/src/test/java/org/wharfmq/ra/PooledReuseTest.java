package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import jakarta.jms.Connection;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionEvent;
import jakarta.resource.spi.ConnectionEventListener;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ManagedConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.outbound.PooledConnectionFactory;
import org.wharfmq.ra.outbound.WharfManagedConnectionFactory;

/**
 * A pool like a server's: a closed handle gives its managed connection back, and the next request
 * takes a free one if the factory matches it. One managed connection serves the classic API and
 * JMSContext alike, so an application that uses both does not churn the pool.
 */
class PooledReuseTest {
    private final String url = "wharf:memory:reuse-" + UUID.randomUUID();
    private final WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
    private final List<ManagedConnection> made = new ArrayList<>();
    private final Set<ManagedConnection> free = new HashSet<>();

    private final ConnectionManager pool = (factory, info) -> {
        ManagedConnection mc = mcf.matchManagedConnections(new HashSet<>(free), null, info);
        if (mc == null) {
            mc = factory.createManagedConnection(null, info);
            made.add(mc);
            ManagedConnection created = mc;
            mc.addConnectionEventListener(new ConnectionEventListener() {
                @Override
                public void connectionClosed(ConnectionEvent e) {
                    try {
                        created.cleanup();
                    } catch (ResourceException ex) {
                        throw new IllegalStateException(ex);
                    }
                    free.add(created);
                }

                @Override
                public void localTransactionStarted(ConnectionEvent e) {
                }

                @Override
                public void localTransactionCommitted(ConnectionEvent e) {
                }

                @Override
                public void localTransactionRolledback(ConnectionEvent e) {
                }

                @Override
                public void connectionErrorOccurred(ConnectionEvent e) {
                }
            });
        }
        free.remove(mc);
        return mc.getConnection(null, info);
    };

    PooledReuseTest() {
        mcf.setConnectionURL(url);
    }

    @AfterEach
    void close() throws ResourceException {
        for (ManagedConnection mc : made) {
            mc.destroy();
        }
    }

    private PooledConnectionFactory factory() throws ResourceException {
        return (PooledConnectionFactory) mcf.createConnectionFactory(pool);
    }

    @Test
    void theClassicApiAndJMSContextShareOnePooledConnection() throws Exception {
        PooledConnectionFactory cf = factory();
        Queue queue;
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession();
            queue = s.createQueue("shared");
            s.createProducer(queue).send(s.createTextMessage("classic"));
        }
        try (JMSContext ctx = cf.createContext()) {
            ctx.createProducer().send(queue, "simplified");
        }
        try (Connection c = cf.createConnection()) {
            c.start();
            MessageConsumer consumer = c.createSession().createConsumer(queue);
            List<String> got = new ArrayList<>();
            for (Message m = consumer.receive(5000); m != null && got.size() < 2; m = got.size() < 2
                    ? consumer.receive(5000) : null) {
                got.add(m.getBody(String.class));
            }
            assertEquals(List.of("classic", "simplified"), got);
        }
        assertEquals(1, made.size(), "managed connections made");
    }

    @Test
    void aContextOnAConnectionTheClassicApiGaveBackReceivesFromATopic() throws Exception {
        PooledConnectionFactory cf = factory();
        try (jakarta.jms.TopicConnection c = cf.createTopicConnection()) {
            jakarta.jms.TopicSession s = c.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
            jakarta.jms.Topic news = s.createTopic("news");
            s.createSubscriber(news);
            s.createPublisher(news);
            c.start();
        }
        try (JMSContext ctx = cf.createContext()) {
            assertReceivesWhatItPublishes(ctx);
        }
        assertEquals(1, made.size(), "managed connections made");
    }

    @Test
    void aContextStartsAsANewOneAfterTheLastHandleTurnedAutoStartOff() throws Exception {
        PooledConnectionFactory cf = factory();
        try (JMSContext ctx = cf.createContext()) {
            ctx.setAutoStart(false);
        }
        try (JMSContext ctx = cf.createContext()) {
            assertEquals(true, ctx.getAutoStart());
            assertReceivesWhatItPublishes(ctx);
        }
        assertEquals(1, made.size(), "managed connections made");
    }

    private static void assertReceivesWhatItPublishes(JMSContext ctx) {
        jakarta.jms.Topic topic = ctx.createTopic("news");
        jakarta.jms.JMSConsumer consumer = ctx.createConsumer(topic);
        ctx.createProducer().send(topic, "hello");
        assertEquals("hello", consumer.receiveBody(String.class, 5000));
    }

    @Test
    void pooledConnectionsOfAFactoryWithAClientIdShareIt() throws Exception {
        mcf.setClientId("billing");
        PooledConnectionFactory cf = factory();
        try (Connection first = cf.createConnection(); JMSContext second = cf.createContext()) {
            assertEquals(2, made.size(), "both are open at once, on two managed connections");
            assertEquals("billing", first.getClientID());
            assertEquals("billing", second.getClientID());
            try (Connection elsewhere = new WharfConnectionFactory(url).createConnection()) {
                InvalidClientIDException e = assertThrows(InvalidClientIDException.class,
                        () -> elsewhere.setClientID("billing"));
                assertEquals("client id 'billing' is in use by another connection", e.getMessage());
            }
        }
    }

    @Test
    void aClientIdHeldByAnotherConnectionFailsThePooledOne() throws JMSException, ResourceException {
        mcf.setClientId("audit");
        try (Connection elsewhere = new WharfConnectionFactory(url).createConnection()) {
            elsewhere.setClientID("audit");
            PooledConnectionFactory cf = factory();
            JMSException e = assertThrows(JMSException.class, cf::createConnection);
            assertEquals("cannot get a Wharf connection: cannot connect to the Wharf store: client id 'audit'"
                    + " is in use by another connection", e.getMessage());
        }
    }
}
