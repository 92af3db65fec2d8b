package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * Load held: one JVM with 10,000 consumers over 1,000 queues of a wharf:derby store. Queues 0-899
 * have 10 listeners each, every listener in a session of its own, spread over 10 connections;
 * queues 900-999 have 10 synchronous receivers each, one of which an application thread keeps in
 * {@code receive}. The provider's threads stay bounded, whatever the number of listeners, and a
 * message sent to any queue reaches a consumer; the latencies and the heap per consumer are printed
 * (docs/performance.md reports them; the targets are not asserted here).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ManyConsumersTest {
    private static final int QUEUES = 1_000;
    private static final int PER_QUEUE = 10;
    private static final int LISTENER_QUEUES = 900;
    private static final int CONNECTIONS = 10;
    /** Threads the provider may add for consumers: the store's listener threads, and a few more. */
    private static final int THREAD_BOUND = 8 * Runtime.getRuntime().availableProcessors() + 32;

    @TempDir
    static Path dir;

    private final List<Connection> connections = new ArrayList<>();
    private final List<Thread> receivers = new ArrayList<>();
    private final Map<Integer, CompletableFuture<Long>> arrivals = new ConcurrentHashMap<>();
    private final AtomicInteger delivered = new AtomicInteger();
    private final ProviderThreads threads = new ProviderThreads();
    private volatile boolean stopping;
    private WharfConnectionFactory factory;
    private Queue[] queues;
    private long heapPerConsumer;
    private int threadsWithConsumers;

    @BeforeAll
    void openTenThousandConsumers() throws Exception {
        TestStores.assumeDefaultRun("10,000 consumers on a wharf:derby store of its own");
        long start = System.nanoTime();
        factory = new WharfConnectionFactory("wharf:derby:" + dir.resolve("many"));
        QueueAdmin admin = factory.admin();
        queues = new Queue[QUEUES];
        for (int i = 0; i < QUEUES; i++) {
            admin.createQueue("many-" + i, Map.of());
        }
        threads.baseline();
        long heapBefore = usedHeapAfterGc();

        for (int c = 0; c < CONNECTIONS; c++) {
            connections.add(factory.createConnection());
        }
        Connection receiving = factory.createConnection();
        connections.add(receiving);
        Session naming = connections.get(0).createSession();
        for (int i = 0; i < QUEUES; i++) {
            queues[i] = naming.createQueue("many-" + i);
        }
        List<MessageConsumer> held = new ArrayList<>();
        for (int i = 0; i < LISTENER_QUEUES; i++) {
            for (int k = 0; k < PER_QUEUE; k++) {
                Session s = connections.get((i * PER_QUEUE + k) % CONNECTIONS).createSession(false,
                        Session.AUTO_ACKNOWLEDGE);
                s.createConsumer(queues[i]).setMessageListener(this::arrived);
            }
        }
        for (int i = LISTENER_QUEUES; i < QUEUES; i++) {
            for (int k = 0; k < PER_QUEUE; k++) {
                MessageConsumer c = receiving.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queues[i]);
                if (k == 0) {
                    held.add(c);
                }
            }
        }
        for (Connection c : connections) {
            c.start();
        }
        threadsWithConsumers = threads.count();
        heapPerConsumer = (usedHeapAfterGc() - heapBefore) / (QUEUES * PER_QUEUE);
        // The application's own threads, blocked in receive: not the provider's.
        for (MessageConsumer c : held) {
            Thread t = new Thread(() -> receiveUntilStopped(c), "app-receiver");
            threads.ignore(t);
            t.start();
            receivers.add(t);
        }
        System.out.printf("ManyConsumersTest: %,d consumers on %,d queues: %d provider threads, %,d bytes of heap"
                + " per consumer; set up in %.1f s%n", QUEUES * PER_QUEUE, QUEUES, threadsWithConsumers,
                heapPerConsumer, (System.nanoTime() - start) / 1e9);
    }

    @AfterAll
    void closeAll() throws Exception {
        long start = System.nanoTime();
        stopping = true;
        for (Connection c : connections) {
            c.close();
        }
        for (Thread t : receivers) {
            t.join(TimeUnit.SECONDS.toMillis(30));
        }
        if (factory != null) {
            factory.closeStore();
        }
        System.out.printf("ManyConsumersTest: closed in %.1f s%n", (System.nanoTime() - start) / 1e9);
    }

    @Test
    @Order(1)
    void tenThousandConsumersRunOnABoundedNumberOfProviderThreads() {
        assertTrue(threadsWithConsumers <= THREAD_BOUND, threadsWithConsumers
                + " provider threads for 10,000 consumers; at most " + THREAD_BOUND + " expected");
    }

    @Test
    @Order(2)
    void aMessageSentToAnyQueueReachesAConsumer() throws Exception {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < QUEUES; i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(27));
        long[] latencies = new long[QUEUES];
        try (Connection c = factory.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(null);
            for (int n = 0; n < QUEUES; n++) {
                int q = order.get(n);
                latencies[n] = send(s, p, queues[q], n).get(30, TimeUnit.SECONDS);
            }
        }
        Arrays.sort(latencies);
        System.out.printf("ManyConsumersTest: one message at a time to each of %,d queues, send to onMessage or"
                + " receive: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", QUEUES, millis(latencies[QUEUES / 2]),
                millis(latencies[QUEUES * 99 / 100]), millis(latencies[QUEUES - 1]));
        assertTrue(millis(latencies[QUEUES * 99 / 100]) < 2_000, "a p99 of " + millis(latencies[QUEUES * 99 / 100])
                + " ms: deliveries wait for something other than their message");
    }

    @Test
    @Order(3)
    void aBurstToEveryQueueArrivesWithoutMoreThreads() throws Exception {
        CountDownLatch sent = new CountDownLatch(4);
        Collection<CompletableFuture<Long>> all = new ConcurrentLinkedQueue<>();
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int part = t;
            Thread sender = new Thread(() -> {
                try (Connection c = factory.createConnection()) {
                    Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                    MessageProducer p = s.createProducer(null);
                    for (int q = part; q < QUEUES; q += 4) {
                        all.add(send(s, p, queues[q], QUEUES + q));
                    }
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                } finally {
                    sent.countDown();
                }
            }, "app-sender");
            threads.ignore(sender);
            senders.add(sender);
            sender.start();
        }
        int most = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (sent.getCount() > 0 || all.size() < QUEUES || !all.stream().allMatch(CompletableFuture::isDone)) {
            assertTrue(System.nanoTime() < deadline, "after 60 s, " + all.stream().filter(f -> !f.isDone()).count()
                    + " of the burst's messages had not arrived");
            most = Math.max(most, threads.count());
            sent.await(10, TimeUnit.MILLISECONDS);
        }
        for (Thread sender : senders) {
            sender.join();
        }
        assertEquals(2 * QUEUES, delivered.get(), "messages delivered, each once");
        System.out.printf("ManyConsumersTest: a burst of one message to each of %,d queues: at most %d provider"
                + " threads%n", QUEUES, most);
        assertTrue(most <= THREAD_BOUND, most + " provider threads during the burst; at most " + THREAD_BOUND
                + " expected");
    }

    private CompletableFuture<Long> send(Session s, MessageProducer p, Queue q, int n) throws JMSException {
        CompletableFuture<Long> arrival = new CompletableFuture<>();
        arrivals.put(n, arrival);
        Message m = s.createMessage();
        m.setIntProperty("n", n);
        m.setLongProperty("sentAt", System.nanoTime());
        p.send(q, m);
        return arrival;
    }

    private void arrived(Message m) {
        try {
            long latency = System.nanoTime() - m.getLongProperty("sentAt");
            delivered.incrementAndGet();
            arrivals.get(m.getIntProperty("n")).complete(latency);
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    private void receiveUntilStopped(MessageConsumer c) {
        while (!stopping) {
            try {
                Message m = c.receive(1_000);
                if (m != null) {
                    arrived(m);
                }
            } catch (JMSException e) {
                if (!stopping) {
                    throw new IllegalStateException(e);
                }
                return;
            }
        }
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }

    private static long usedHeapAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    /** The threads started since {@link #baseline}, less those of the test itself. */
    private static final class ProviderThreads {
        private final Set<Thread> before = ConcurrentHashMap.newKeySet();

        void baseline() {
            before.addAll(live());
        }

        void ignore(Thread t) {
            before.add(t);
        }

        int count() {
            return (int) live().stream().filter(t -> !before.contains(t)).count();
        }

        private static List<Thread> live() {
            ThreadGroup root = Thread.currentThread().getThreadGroup();
            while (root.getParent() != null) {
                root = root.getParent();
            }
            Thread[] all = new Thread[root.activeCount() + 64];
            int n;
            while ((n = root.enumerate(all, true)) == all.length) {
                all = new Thread[all.length * 2];
            }
            return Arrays.asList(all).subList(0, n);
        }
    }
}
