package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
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
    void aReceiveWaitingWhenItsConnectionStopsTakesNothingUntilTheConnectionStartsAgain() throws Exception {
        WharfConnectionFactory factory = new WharfConnectionFactory(url());
        try (Connection c = factory.createConnection(); Connection sender = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("stopped-receive");
            MessageConsumer consumer = s.createConsumer(q);
            Thread[] receiver = new Thread[1];
            CompletableFuture<Message> waiting = CompletableFuture.supplyAsync(() -> {
                receiver[0] = Thread.currentThread();
                try {
                    return consumer.receive(1500);
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (receiver[0] == null || receiver[0].getState() != Thread.State.TIMED_WAITING) {
                assertTrue(System.nanoTime() < deadline, "the receive never waited");
                Thread.onSpinWait();
            }

            c.stop();
            Session ss = sender.createSession();
            ss.createProducer(q).send(ss.createTextMessage("sent while stopped"));

            assertNull(waiting.get(10, TimeUnit.SECONDS), "a stopped connection delivered a message");
            c.start();
            Message m = consumer.receive(2000);
            assertNotNull(m, "the message was kept for the restarted connection");
            assertEquals("sent while stopped", ((TextMessage) m).getText());
            m.acknowledge();
        }
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
            // A standard queue promises no order, so the messages are compared as sets.
            MessageConsumer first = s.createConsumer(q);
            Set<String> all = new TreeSet<>();
            all.add(((TextMessage) first.receive(2000)).getText());
            first.close();
            MessageConsumer second = s.createConsumer(q);
            for (int i = 1; i < 4; i++) {
                Message m = second.receive(2000);
                assertNotNull(m, "only " + all + " were available at once");
                assertTrue(all.add(((TextMessage) m).getText()), "delivered twice: " + m);
            }
            assertEquals(Set.of("m0", "m1", "m2", "m3"), all);
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
