package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.testing.CountingStores;
import org.wharfmq.jms.testing.TestStores;

/**
 * A message a listener or a server session works on longer than its visibility timeout stays hidden
 * from the other consumers, on every backend: the provider extends its visibility until the session
 * is done with it, up to the connection's limit. Each listener here works three visibility
 * timeouts (of one second) per message, beside an idle consumer on another connection.
 */
class VisibilityExtensionTest {
    private static final long WORK_MILLIS = 3_000;
    private static final int MESSAGES = 3;

    /** Counted down as a test ends: the listeners' work stops there, so that closing need not wait for it. */
    private final CountDownLatch testOver = new CountDownLatch(1);
    private final List<Connection> connections = new ArrayList<>();
    private final Deliveries seen = new Deliveries();

    enum Mode { AUTO, CLIENT, TRANSACTED }

    /** What the listeners got, and what went wrong (a refused acknowledgement or commit). */
    private static final class Deliveries {
        final Map<String, AtomicInteger> byId = new ConcurrentHashMap<>();
        final List<Long> startedAt = new CopyOnWriteArrayList<>();
        final List<Boolean> redelivered = new CopyOnWriteArrayList<>();
        final List<Exception> problems = new CopyOnWriteArrayList<>();
        final AtomicInteger finished = new AtomicInteger();

        void started(Message m) throws JMSException {
            startedAt.add(System.nanoTime());
            redelivered.add(m.getJMSRedelivered());
            byId.computeIfAbsent(m.getJMSMessageID(), id -> new AtomicInteger()).incrementAndGet();
        }

        int total() {
            return startedAt.size();
        }

        /** Every message seen, and every delivery begun has ended. */
        boolean allDone(int messages) {
            return byId.size() == messages && finished.get() == total();
        }
    }

    @AfterEach
    void closeAll() throws JMSException {
        testOver.countDown();
        for (Connection c : connections) {
            c.close();
        }
    }

    private Connection connect(WharfConnectionFactory factory) throws JMSException {
        Connection c = factory.createConnection();
        connections.add(c);
        c.setExceptionListener(seen.problems::add);
        return c;
    }

    /** A listener that works {@link #WORK_MILLIS} per message, then acknowledges or commits as {@code mode} needs. */
    private MessageListener slowListener(Session session, Mode mode) {
        return m -> {
            try {
                seen.started(m);
                testOver.await(WORK_MILLIS, TimeUnit.MILLISECONDS);
                if (mode == Mode.CLIENT) {
                    m.acknowledge();
                } else if (mode == Mode.TRANSACTED) {
                    session.commit();
                }
            } catch (JMSException e) {
                seen.problems.add(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                seen.finished.incrementAndGet();
            }
        };
    }

    private static Session session(Connection c, Mode mode) throws JMSException {
        return switch (mode) {
            case AUTO -> c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            case CLIENT -> c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            case TRANSACTED -> c.createSession(true, Session.SESSION_TRANSACTED);
        };
    }

    private static void send(Connection c, Queue q, int count) throws JMSException {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(q);
        for (int i = 0; i < count; i++) {
            p.send(s.createTextMessage("m" + i));
        }
        s.close();
    }

    /** Two connections (the first prefetching one more) whose listeners work on {@code q} in {@code mode}. */
    private void twoSlowConsumers(WharfConnectionFactory prefetching, WharfConnectionFactory plain, Queue q, Mode mode)
            throws JMSException {
        for (WharfConnectionFactory f : List.of(prefetching, plain)) {
            Connection c = connect(f);
            Session s = session(c, mode);
            s.createConsumer(q).setMessageListener(slowListener(s, mode));
            c.start();
        }
    }

    private static void await(BooleanSupplier condition, long seconds, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " within " + seconds + " s");
            Thread.onSpinWait();
        }
    }

    private static String url(String options) {
        return TestStores.withOptions(TestStores.url("extend"), "waitTimeSeconds=1&" + options);
    }

    /** Waits until nothing is left in the queue, in flight or not: every message was deleted. */
    private static void awaitEmpty(WharfConnectionFactory factory, String queue) throws JMSException {
        QueueAdmin admin = factory.admin();
        await(() -> {
            try {
                Map<String, String> a = admin.getQueueAttributes(queue);
                return a.get("ApproximateNumberOfMessages").equals("0")
                        && a.get("ApproximateNumberOfMessagesNotVisible").equals("0");
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
        }, 10, queue + " empty");
    }

    private void assertEachDeliveredOnce() {
        assertEquals(MESSAGES, seen.byId.size(), "messages seen");
        assertEquals(MESSAGES, seen.total(), "deliveries: " + seen.byId);
        assertFalse(seen.redelivered.contains(true), "a delivery was marked redelivered");
        assertEquals(List.of(), seen.problems);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aMessageHeldForASlowListenerIsDeliveredOnce(Mode mode) throws Exception {
        String url = url("visibilityTimeout=1");
        WharfConnectionFactory plain = new WharfConnectionFactory(url);
        WharfConnectionFactory prefetching = new WharfConnectionFactory(url + "&prefetch=1");
        Queue q = new WharfQueue("work");
        send(connect(plain), q, MESSAGES);

        twoSlowConsumers(prefetching, plain, q, mode);

        await(() -> seen.allDone(MESSAGES), 60, "every message processed");
        // An automatic acknowledgement follows the listener's return.
        awaitEmpty(plain, "work");
        assertEachDeliveredOnce();
    }

    @Test
    void aServerSessionsBatchIsDeliveredOnce() throws Exception {
        WharfConnectionFactory factory = new WharfConnectionFactory(url("visibilityTimeout=1"));
        Queue q = new WharfQueue("batches");
        send(connect(factory), q, MESSAGES);
        for (int i = 0; i < 2; i++) {
            Connection c = connect(factory);
            Session serverSession = c.createSession();
            serverSession.setMessageListener(slowListener(serverSession, Mode.AUTO));
            // The batch runs on the connection consumer's thread, one message after the other.
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
            c.createConnectionConsumer(q, null, pool, 2);
            c.start();
        }

        await(() -> seen.allDone(MESSAGES), 60, "every message processed");
        awaitEmpty(factory, "batches");
        assertEachDeliveredOnce();
    }

    @Test
    void aClientAcknowledgedMessageStaysHiddenUntilItIsAcknowledged() throws Exception {
        WharfConnectionFactory factory = new WharfConnectionFactory(url("visibilityTimeout=1"));
        Queue q = new WharfQueue("acknowledged-later");
        send(connect(factory), q, 1);
        List<Message> got = new CopyOnWriteArrayList<>();
        for (int mode : new int[] {Session.CLIENT_ACKNOWLEDGE, Session.AUTO_ACKNOWLEDGE}) {
            Connection c = connect(factory);
            c.createSession(false, mode).createConsumer(q).setMessageListener(m -> {
                got.add(m);
                try {
                    seen.started(m);
                } catch (JMSException e) {
                    seen.problems.add(e);
                }
            });
            c.start();
            // The CLIENT_ACKNOWLEDGE consumer first, so that it gets the message.
            await(() -> !got.isEmpty(), 30, "the message delivered");
        }

        // The listener returned at once; the application acknowledges three visibility timeouts later.
        assertFalse(testOver.await(3, TimeUnit.SECONDS));
        got.get(0).acknowledge();

        awaitEmpty(factory, "acknowledged-later");
        assertEquals(1, seen.total(), "deliveries: " + seen.byId);
        assertEquals(List.of(), seen.problems);
    }

    @Test
    void aListenersMessagesAreExtendedTogetherInOneRequest() throws Exception {
        String url = CountingStores.url(TestStores.url("extend"));
        WharfConnectionFactory factory = new WharfConnectionFactory(
                TestStores.withOptions(url, "waitTimeSeconds=1&visibilityTimeout=1&prefetch=2"));
        Queue q = new WharfQueue("together");
        Connection c = connect(factory);
        send(c, q, MESSAGES);
        Session s = c.createSession();
        s.createConsumer(q).setMessageListener(slowListener(s, Mode.AUTO));
        c.start();

        await(() -> CountingStores.calls(url, "changeMessageVisibilityBatch") > 0, 10, "an extension");
        // The one being worked on and the two prefetched behind it.
        List<?> entries = (List<?>) CountingStores.lastArguments(url, "changeMessageVisibilityBatch").get(1);
        assertEquals(MESSAGES, entries.size(), "entries of the first extension: " + entries);
        assertEquals(0, CountingStores.calls(url, "changeMessageVisibility"));
    }

    @Test
    void withTheExtensionOffASlowListenersMessageIsDeliveredAgain() throws Exception {
        String url = url("visibilityTimeout=1&visibilityExtension=off");
        WharfConnectionFactory plain = new WharfConnectionFactory(url);
        WharfConnectionFactory prefetching = new WharfConnectionFactory(url + "&prefetch=1");
        Queue q = new WharfQueue("unextended");
        send(connect(plain), q, MESSAGES);

        twoSlowConsumers(prefetching, plain, q, Mode.AUTO);

        await(() -> seen.total() > seen.byId.size(), 30, "a message delivered twice");
    }

    @Test
    void theLimitEndsTheExtension() throws Exception {
        // The queue's visibility timeout this time, not the connection's.
        WharfConnectionFactory factory = new WharfConnectionFactory(url("visibilityExtensionLimit=3"));
        Queue q = new WharfQueue("limited", Map.of("VisibilityTimeout", "1"));
        send(connect(factory), q, 1);
        List<Long> at = seen.startedAt;
        // Longer than the limit: the message comes again while the first delivery still works on it.
        long work = TimeUnit.SECONDS.toMillis(6);
        for (int i = 0; i < 2; i++) {
            Connection c = connect(factory);
            Session s = c.createSession();
            s.createConsumer(q).setMessageListener(m -> {
                try {
                    seen.started(m);
                    testOver.await(work, TimeUnit.MILLISECONDS);
                } catch (JMSException e) {
                    seen.problems.add(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    seen.finished.incrementAndGet();
                }
            });
            c.start();
        }

        await(() -> at.size() == 2, 30, "the message delivered again");
        long gap = TimeUnit.NANOSECONDS.toMillis(at.get(1) - at.get(0));
        assertTrue(gap >= 2_000, "hidden for at least the limit less one visibility timeout, not " + gap + " ms");
        assertEquals(0, seen.finished.get(), "the first delivery was still at work");
    }
}
