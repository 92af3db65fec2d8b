package org.wharfmq.cli.console;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javax.management.JMException;
import javax.management.JMX;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.wharfmq.cli.Secrets;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.StoreLease;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.management.StoreMBeans;
import org.wharfmq.jms.management.StoreMXBean;

/**
 * A store open in this JVM ({@link Wharf#lease}), its StoreMXBean proxy from the platform MBeanServer,
 * JMS to put messages in it, and a console on it.
 */
final class TestConsole implements AutoCloseable {
    final String url;
    final StoreLease lease;
    final WharfConnectionFactory factory;
    final QueueAdmin admin;
    final StoreMXBean store;
    final ConsoleServer server;

    private TestConsole(String url, Guard guard, Duration sampling) throws Exception {
        this.url = url;
        this.lease = Wharf.lease(url);
        this.factory = new WharfConnectionFactory(url);
        this.admin = factory.admin();
        this.store = storeBean(url);
        this.server = new ConsoleServer(store, Wharf.printable(url), 0, guard, sampling, Secrets::redact).start();
    }

    /** A console sampling every {@code sampling} on the store {@code url}; with {@code guard} null, no user. */
    static TestConsole start(String url, Guard guard, Duration sampling) throws Exception {
        return new TestConsole(url, guard == null ? new Guard(null, null) : guard, sampling);
    }

    static StoreMXBean storeBean(String url) throws JMException {
        return JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(), StoreMBeans.storeObjectName(url),
                StoreMXBean.class);
    }

    /** {@code http://127.0.0.1:<port>}, the console's origin. */
    String origin() {
        String u = server.url().toString();
        return u.substring(0, u.length() - 1);
    }

    void send(String queue, int count) throws JMSException {
        try (Connection c = factory.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            for (int i = 0; i < count; i++) {
                p.send(s.createTextMessage("message " + i + " of " + queue));
            }
        }
    }

    /**
     * Creates {@code source} with a RedrivePolicy to {@code dlq} after one receive, sends {@code count}
     * messages and has each received and given back once, so that all go to {@code dlq}.
     */
    void deadLetter(String source, String dlq, int count) throws JMSException {
        admin.createQueue(dlq, Map.of());
        admin.createQueue(source, Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"" + dlq + "\",\"maxReceiveCount\":1}"));
        send(source, count);
        try (Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue(source);
            try (MessageConsumer consumer = s.createConsumer(q)) {
                for (int i = 0; i < count; i++) {
                    assertTrue(consumer.receive(5000) != null, "message " + i + " of " + source + " received");
                }
                s.recover();
                assertNull(consumer.receive(500), "after one receive each went to " + dlq);
            }
        }
        await(() -> visible(dlq) == count, count + " messages in " + dlq);
    }

    long visible(String queue) {
        try {
            return admin.statistics(queue).approximateNumberOfMessagesVisible();
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Polls {@code condition} for up to 15 s. */
    static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within 15 s: " + what);
            try {
                Thread.sleep(50); // polling interval of a deadline wait
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    @Override
    public void close() {
        server.close();
        lease.close();
    }
}
