package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** Listeners, connection consumers, prefetch and the users file. */
class DeliveryTest {
    private static String url() {
        return TestStores.url("delivery");
    }

    @Test
    void listenerThatThrowsGetsTheMessageAgain() throws Exception {
        try (Connection c = new WharfConnectionFactory(url()).createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("q");
            s.createProducer(q).send(s.createTextMessage("m"));
            List<Boolean> redelivered = new CopyOnWriteArrayList<>();
            CountDownLatch twice = new CountDownLatch(2);
            s.createConsumer(q).setMessageListener(m -> {
                try {
                    redelivered.add(m.getJMSRedelivered());
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
                twice.countDown();
                if (redelivered.size() == 1) {
                    throw new IllegalStateException("first delivery fails");
                }
            });
            c.start();
            assertTrue(twice.await(10, TimeUnit.SECONDS));
            assertEquals(List.of(false, true), redelivered);
        }
    }

    @Test
    void recoverInsideAnAutoAcknowledgeListenerDeliversTheMessageAgain() throws Exception {
        try (Connection c = new WharfConnectionFactory(url()).createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q = s.createQueue("q");
            s.createProducer(q).send(s.createTextMessage("m"));
            List<Boolean> redelivered = new CopyOnWriteArrayList<>();
            CountDownLatch twice = new CountDownLatch(2);
            s.createConsumer(q).setMessageListener(m -> {
                try {
                    redelivered.add(m.getJMSRedelivered());
                    if (redelivered.size() == 1) {
                        s.recover();
                    }
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
                twice.countDown();
            });
            c.start();
            assertTrue(twice.await(10, TimeUnit.SECONDS));
            assertEquals(List.of(false, true), redelivered);
        }
    }

    @Test
    void connectionConsumerHandsMessagesToServerSessions() throws Exception {
        try (Connection c = new WharfConnectionFactory(url()).createConnection()) {
            Session producer = c.createSession();
            Queue q = producer.createQueue("q");
            CountDownLatch three = new CountDownLatch(3);
            Session serverSession = c.createSession();
            serverSession.setMessageListener(m -> three.countDown());
            ServerSessionPool pool = () -> new ServerSession() {
                @Override
                public Session getSession() {
                    return serverSession;
                }

                @Override
                public void start() {
                    serverSession.run();
                }
            };
            ConnectionConsumer cc = c.createConnectionConsumer(q, null, pool, 5);
            c.start();
            for (int i = 0; i < 3; i++) {
                producer.createProducer(q).send(producer.createTextMessage("m" + i));
            }
            assertTrue(three.await(10, TimeUnit.SECONDS));
            cc.close();
        }
    }

    @Test
    void prefetchedMessagesAreReleasedWhenTheConsumerCloses() throws JMSException {
        try (Connection c = new WharfConnectionFactory(TestStores.withOptions(url(), "prefetch=9&visibilityTimeout=600")).createConnection()) {
            c.start();
            Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("q");
            for (int i = 0; i < 4; i++) {
                s.createProducer(q).send(s.createTextMessage("m" + i));
            }
            MessageConsumer first = s.createConsumer(q);
            assertEquals("m0", ((TextMessage) first.receive(2000)).getText());
            first.close();
            MessageConsumer second = s.createConsumer(q);
            for (int i = 1; i < 4; i++) {
                Message m = second.receive(2000);
                assertNotNull(m, "m" + i + " should be available at once");
                assertEquals("m" + i, ((TextMessage) m).getText());
            }
        }
    }

    @Test
    void usersFileDecidesWhoConnects(@TempDir Path dir) throws Exception {
        Path users = Files.writeString(dir.resolve("users.properties"), "alice=wonderland\nbob=builder\n");
        WharfConnectionFactory f = new WharfConnectionFactory(TestStores.withOptions(url(), "usersFile=" + users));
        f.createConnection("alice", "wonderland").close();
        f.createConnection("bob", "builder").close();
        assertThrows(JMSSecurityException.class, () -> f.createConnection("alice", "builder"));
        assertThrows(JMSSecurityException.class, () -> f.createConnection("mallory", "x"));
    }
}
