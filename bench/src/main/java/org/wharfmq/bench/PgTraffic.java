package org.wharfmq.bench;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Producers of persistent 1 KiB messages and consumers on one queue, each on its own connection,
 * until {@link #close()}; {@link #received()} counts receives as they happen, so that a rate can be
 * taken over any window (the scaling and churn runs of {@link PostgresBench}, where other JVMs share
 * the queue and no one consumer knows when the last message came).
 */
final class PgTraffic implements AutoCloseable {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong received = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Exception> failures = new ArrayList<>();

    /** Starts {@code producers} and {@code consumers}; consumers acknowledge in {@code ackMode} (AUTO or CLIENT). */
    PgTraffic(ConnectionFactory cf, String queue, int producers, int consumers, int ackMode) {
        for (int i = 0; i < producers; i++) {
            start("producer-" + i, () -> {
                try (Connection c = cf.createConnection()) {
                    Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                    MessageProducer p = s.createProducer(s.createQueue(queue));
                    p.setDeliveryMode(DeliveryMode.PERSISTENT);
                    while (running.get()) {
                        p.send(s.createTextMessage(Workloads.BODY));
                    }
                }
            });
        }
        for (int i = 0; i < consumers; i++) {
            start("consumer-" + i, () -> {
                try (Connection c = cf.createConnection()) {
                    Session s = c.createSession(false, ackMode);
                    MessageConsumer consumer = s.createConsumer(s.createQueue(queue));
                    c.start();
                    while (running.get()) {
                        Message m = consumer.receive(100);
                        if (m != null) {
                            if (ackMode == Session.CLIENT_ACKNOWLEDGE) {
                                m.acknowledge();
                            }
                            received.incrementAndGet();
                        }
                    }
                }
            });
        }
    }

    private interface Work {
        void run() throws Exception;
    }

    private void start(String name, Work work) {
        Thread t = new Thread(() -> {
            try {
                work.run();
            } catch (Exception e) {
                running.set(false);
                synchronized (failures) {
                    failures.add(e);
                }
            }
        }, "pg-traffic-" + name);
        threads.add(t);
        t.start();
    }

    /** The messages received so far. */
    long received() {
        return received.get();
    }

    /** Fails if a producer or consumer failed. */
    void check() throws Exception {
        synchronized (failures) {
            if (!failures.isEmpty()) {
                // A new exception each time: close() may throw after check() did, in one try.
                throw new IllegalStateException("a producer or consumer failed", failures.get(0));
            }
        }
    }

    /** Stops every producer and consumer, waits for them, and fails if one failed. */
    @Override
    public void close() throws Exception {
        running.set(false);
        for (Thread t : threads) {
            t.join();
        }
        check();
    }
}
