package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * What a message listener may count on however it is run (on the store's shared listener threads
 * where the backend tells of arrivals, else on a thread of its own): messages that become visible
 * later reach it, a stopped connection holds it, close waits for it, and a session runs one at a
 * time without holding up the others.
 */
class ListenerDispatchTest {
    private static WharfConnectionFactory factory(String options) {
        String url = TestStores.url("dispatch");
        return new WharfConnectionFactory(options.isEmpty() ? url : TestStores.withOptions(url, options));
    }

    private static String text(Message m) {
        try {
            return ((TextMessage) m).getText();
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aMessageWhoseVisibilityTimeoutEndsReachesAListener() throws Exception {
        WharfConnectionFactory f = factory("visibilityTimeout=1");
        try (Connection holder = f.createConnection(); Connection c = f.createConnection()) {
            holder.start();
            Session hs = holder.createSession(Session.CLIENT_ACKNOWLEDGE);
            Queue q = hs.createQueue("timed-out");
            hs.createProducer(q).send(hs.createTextMessage("m"));
            assertNotNull(hs.createConsumer(q).receive(5_000), "held, never acknowledged");
            BlockingQueue<Message> got = new LinkedBlockingQueue<>();
            c.createSession().createConsumer(q).setMessageListener(got::add);
            c.start();

            Message m = got.poll(30, TimeUnit.SECONDS);

            assertNotNull(m, "the listener never got the message back from its visibility timeout");
            assertEquals("m", text(m));
            assertTrue(m.getJMSRedelivered());
        }
    }

    @Test
    void aDelayedMessageReachesAListenerOnceItsDelayEnds() throws Exception {
        try (Connection c = factory("").createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("delayed");
            BlockingQueue<Long> arrivedAt = new LinkedBlockingQueue<>();
            s.createConsumer(q).setMessageListener(m -> arrivedAt.add(System.currentTimeMillis()));
            c.start();
            Session sender = c.createSession();
            MessageProducer p = sender.createProducer(q);
            p.setDeliveryDelay(1_000);
            Message sent = sender.createTextMessage("later");

            p.send(sent);

            Long at = arrivedAt.poll(30, TimeUnit.SECONDS);
            assertNotNull(at, "the delayed message never reached the listener");
            assertTrue(at >= sent.getJMSDeliveryTime(), "delivered " + (sent.getJMSDeliveryTime() - at)
                    + " ms before its delivery time");
        }
    }

    @Test
    void aStoppedConnectionHoldsItsListenerUntilItStartsAgain() throws Exception {
        try (Connection c = factory("").createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("stopped");
            BlockingQueue<Message> got = new LinkedBlockingQueue<>();
            s.createConsumer(q).setMessageListener(got::add);
            c.start();
            MessageProducer p = c.createSession().createProducer(q);
            p.send(s.createTextMessage("before"));
            assertNotNull(got.poll(30, TimeUnit.SECONDS));

            c.stop();
            p.send(s.createTextMessage("while stopped"));

            assertNull(got.poll(500, TimeUnit.MILLISECONDS), "a stopped connection delivered a message");
            c.start();
            Message m = got.poll(30, TimeUnit.SECONDS);
            assertNotNull(m, "not delivered after the connection started again");
            assertEquals("while stopped", text(m));
        }
    }

    @Test
    void closeWaitsForTheListenerRunningNowAndReleasesWhatItPrefetched() throws Exception {
        WharfConnectionFactory f = factory("prefetch=9&visibilityTimeout=600");
        try (Connection c = f.createConnection()) {
            Session s = c.createSession(Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("closing");
            MessageProducer p = s.createProducer(q);
            for (int i = 0; i < 4; i++) {
                p.send(s.createTextMessage("m" + i));
            }
            CountDownLatch inside = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            MessageConsumer consumer = s.createConsumer(q);
            consumer.setMessageListener(m -> {
                inside.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                    m.acknowledge();
                } catch (InterruptedException | JMSException e) {
                    throw new IllegalStateException(e);
                }
            });
            c.start();
            assertTrue(inside.await(30, TimeUnit.SECONDS), "the listener never ran");

            CompletableFuture<Void> closed = CompletableFuture.runAsync(() -> {
                try {
                    consumer.close();
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertStillRunning(closed);
            release.countDown();
            closed.get(30, TimeUnit.SECONDS);

            // A standard queue promises no order, so the released messages are compared as a set.
            MessageConsumer second = c.createSession(Session.CLIENT_ACKNOWLEDGE).createConsumer(q);
            Set<String> again = new TreeSet<>();
            for (int i = 1; i < 4; i++) {
                Message m = second.receive(2_000);
                assertNotNull(m, "only " + again + " were visible again at once");
                again.add(text(m));
            }
            assertEquals(Set.of("m1", "m2", "m3"), again);
        }
    }

    /** {@code close} has not returned a moment after it began. */
    private static void assertStillRunning(CompletableFuture<Void> close) throws Exception {
        try {
            close.get(300, TimeUnit.MILLISECONDS);
        } catch (TimeoutException expected) {
            return;
        }
        throw new AssertionError("close returned while the listener was still running");
    }

    @Test
    void theListenersOfOneSessionRunOneAtATime() throws Exception {
        try (Connection c = factory("").createConnection()) {
            Session s = c.createSession();
            AtomicInteger running = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            CountDownLatch all = new CountDownLatch(40);
            for (String name : List.of("one-a", "one-b", "one-c", "one-d")) {
                s.createConsumer(s.createQueue(name)).setMessageListener(m -> {
                    most.accumulateAndGet(running.incrementAndGet(), Math::max);
                    // Long enough for another listener of the session to start, were it allowed to.
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
                    running.decrementAndGet();
                    all.countDown();
                });
            }
            c.start();
            Session sender = c.createSession();
            MessageProducer p = sender.createProducer(null);
            for (int i = 0; i < 10; i++) {
                for (String name : List.of("one-a", "one-b", "one-c", "one-d")) {
                    p.send(sender.createQueue(name), sender.createTextMessage("m" + i));
                }
            }

            assertTrue(all.await(30, TimeUnit.SECONDS), all.getCount() + " messages not delivered");
            assertEquals(1, most.get(), "listeners of one session running at once");
        }
    }

    @Test
    void aListenerThatBlocksDoesNotHoldUpAnotherSessions() throws Exception {
        try (Connection c = factory("").createConnection()) {
            Session blocked = c.createSession();
            CountDownLatch inside = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Queue slow = blocked.createQueue("slow");
            blocked.createConsumer(slow).setMessageListener(m -> {
                inside.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            Session other = c.createSession();
            Queue fast = other.createQueue("fast");
            BlockingQueue<Message> got = new LinkedBlockingQueue<>();
            other.createConsumer(fast).setMessageListener(got::add);
            c.start();
            MessageProducer p = c.createSession().createProducer(null);
            p.send(slow, other.createTextMessage("blocks"));
            assertTrue(inside.await(30, TimeUnit.SECONDS));

            p.send(fast, other.createTextMessage("passes"));

            Message m = got.poll(30, TimeUnit.SECONDS);
            release.countDown();
            assertNotNull(m, "another session's listener waited for the blocked one");
        }
    }
}
