package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.MBeanServerDelegate;
import javax.management.MBeanServerNotification;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.QueueMetrics;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.management.WharfMetrics;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.QueueServices;

/**
 * A queue's figures under SQS's CloudWatch metric names, read over JMX in the platform MBeanServer
 * and from a Micrometer registry, after real JMS operations on a store of its own.
 */
class MetricsTest {
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();

    private String url;
    private WharfConnectionFactory factory;
    private QueueAdmin admin;
    private Connection connection;
    private Session session;

    @BeforeEach
    void connect() throws JMSException {
        url = TestStores.url("metrics");
        factory = new WharfConnectionFactory(url);
        admin = factory.admin();
        connection = factory.createConnection();
        connection.start();
        session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
    }

    @AfterEach
    void close() throws JMSException {
        connection.close();
    }

    /** The documented name: {@code org.wharfmq:type=Queue,store="<store URL, secrets hidden>",name=<queue>}. */
    private ObjectName mbean(String queue) throws Exception {
        return new ObjectName("org.wharfmq:type=Queue,store=" + ObjectName.quote(QueueServices.redact(url))
                + ",name=" + queue);
    }

    /** A figure of the queue's MBean, once it is there: a queue that a send resolves has it shortly after. */
    private long jmx(String queue, String metric) throws Exception {
        ObjectName name = mbean(queue);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!JMX.isRegistered(name)) {
            assertTrue(System.nanoTime() < deadline, "no MBean " + name + " after 10 s");
            Thread.onSpinWait();
        }
        return (Long) JMX.getAttribute(name, metric);
    }

    private void send(Queue q, String text, String deduplicationId) throws JMSException {
        Message m = session.createTextMessage(text);
        if (deduplicationId != null) {
            m.setStringProperty("JMSXGroupID", "g");
            m.setStringProperty("JMS_Wharf_DeduplicationId", deduplicationId);
        }
        try (MessageProducer p = session.createProducer(q)) {
            p.send(m);
        }
    }

    @Test
    void jmxShowsSendsReceivesDeletesAndEmptyReceives() throws Exception {
        Queue q = session.createQueue("m-work");
        send(q, "a", null);
        send(q, "b", null);
        try (MessageConsumer c = session.createConsumer(q)) {
            assertNotNull(c.receive(10_000));
            Message last = c.receive(10_000);
            assertNotNull(last);
            last.acknowledge();
            assertNull(c.receiveNoWait());
        }

        assertEquals(List.of(0L, 0L, 0L, 2L, 2L, 2L), List.of(jmx("m-work", "ApproximateNumberOfMessagesVisible"),
                jmx("m-work", "ApproximateNumberOfMessagesNotVisible"), jmx("m-work", "ApproximateNumberOfMessagesDelayed"),
                jmx("m-work", "NumberOfMessagesSent"), jmx("m-work", "NumberOfMessagesReceived"),
                jmx("m-work", "NumberOfMessagesDeleted")), "visible, not visible, delayed, sent, received, deleted");
        assertTrue(jmx("m-work", "NumberOfEmptyReceives") >= 1, "receiveNoWait on an empty queue");
    }

    @Test
    void aSendDoesNotWaitForItsQueuesMBean() throws Exception {
        ObjectName slow = mbean("m-slow");
        CountDownLatch jmxMayGoOn = new CountDownLatch(1);
        // The server tells its listeners of a registration on the registering thread: this one holds it up.
        NotificationListener holdsUpRegistration = (n, handback) -> {
            if (n instanceof MBeanServerNotification r && r.getMBeanName().equals(slow)) {
                try {
                    jmxMayGoOn.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        JMX.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, holdsUpRegistration, null, null);
        try {
            Queue q = session.createQueue("m-slow");
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try {
                    send(q, "a", null);
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
            });
            sent.get(5, TimeUnit.SECONDS);
        } finally {
            jmxMayGoOn.countDown();
            JMX.removeNotificationListener(MBeanServerDelegate.DELEGATE_NAME, holdsUpRegistration);
        }
        assertEquals(1L, jmx("m-slow", "NumberOfMessagesSent"), "the MBean comes once JMX goes on");
    }

    @Test
    void jmxCountsADeduplicatedSendApartFromSends() throws Exception {
        TestStores.assumeDerby("SQS deduplicates on the server, which does not tell the client");
        Queue q = session.createQueue("m-orders.fifo");
        send(q, "pay", "order-1");
        send(q, "pay", "order-1");

        assertEquals(List.of(1L, 1L, 1L), List.of(jmx("m-orders.fifo", "ApproximateNumberOfMessagesVisible"),
                jmx("m-orders.fifo", "NumberOfMessagesSent"), jmx("m-orders.fifo", "NumberOfDeduplicatedSentMessages")),
                "visible, sent, deduplicated");
    }

    @Test
    void jmxCountsARedriveOnTheSourceQueue() throws Exception {
        TestStores.assumeDerby("SQS moves messages to a dead-letter queue on the server, which does not tell the client");
        admin.createQueue("m-jobs-dlq", Map.of());
        admin.createQueue("m-jobs", Map.of("RedrivePolicy", "{\"deadLetterTargetArn\":\"m-jobs-dlq\",\"maxReceiveCount\":1}"));
        Queue q = session.createQueue("m-jobs");
        send(q, "poison", null);
        try (MessageConsumer c = session.createConsumer(q)) {
            assertNotNull(c.receive(10_000));
            session.recover();
            assertNull(c.receive(200), "the second delivery is a move to the dead-letter queue");
        }

        assertEquals(List.of(1L, 0L, 1L, 0L), List.of(jmx("m-jobs", "NumberOfMessagesMovedToDeadLetterQueue"),
                jmx("m-jobs", "ApproximateNumberOfMessagesVisible"), jmx("m-jobs-dlq", "ApproximateNumberOfMessagesVisible"),
                jmx("m-jobs-dlq", "NumberOfMessagesSent")), "moved, source visible, dead-letter visible, dead-letter sent");
    }

    @Test
    void aQueueHasItsMBeanFromItsCreationUntilItsDeletion() throws Exception {
        assertFalse(JMX.isRegistered(mbean("m-late")));
        admin.createQueue("m-late", Map.of());
        assertEquals(0L, jmx("m-late", "NumberOfMessagesSent"));

        admin.deleteQueue("m-late");
        assertFalse(JMX.isRegistered(mbean("m-late")));
    }

    @Test
    void closingTheStoreUnregistersItsMBeansAndOpeningItAgainRegistersThem() throws Exception {
        admin.createQueue("m-kept", Map.of());
        ObjectName store = new ObjectName("org.wharfmq:type=Store,store=" + ObjectName.quote(QueueServices.redact(url)));
        assertEquals(List.of("m-kept"), List.of((String[]) JMX.getAttribute(store, "Queues")), "an MXBean list is an array");

        connection.close();
        factory.closeStore();
        assertEquals(0, JMX.queryNames(new ObjectName("org.wharfmq:store=" + ObjectName.quote(QueueServices.redact(url))
                + ",*"), null).size(), "every MBean of the store is gone");

        QueueAdmin reopened = factory.admin();
        assertEquals(reopened.listQueues(null), List.of((String[]) JMX.getAttribute(store, "Queues")),
                "the queues the store lists when it opens again");
        connection = factory.createConnection();
    }

    @Test
    void aDurableStoreShowsTheQueuesItHadWhenItOpensAgain(@TempDir Path dir) throws Exception {
        TestStores.assumeDefaultRun("opens a wharf:derby store of its own");
        WharfConnectionFactory durable = new WharfConnectionFactory("wharf:derby:" + dir);
        durable.admin().createQueue("m-durable", Map.of());
        durable.closeStore();
        ObjectName name = new ObjectName("org.wharfmq:type=Queue,store=" + ObjectName.quote("wharf:derby:" + dir)
                + ",name=m-durable");
        assertFalse(JMX.isRegistered(name));

        durable.admin();
        assertTrue(JMX.isRegistered(name));
        durable.closeStore();
    }

    @Test
    void adminStatisticsOfAMissingQueueNamesIt() {
        JMSException e = assertThrows(JMSException.class, () -> admin.statistics("m-missing"));
        assertTrue(e.getMessage().contains("m-missing"), e.getMessage());
    }

    @Test
    void adminStatisticsAreTheJmxFigures() throws Exception {
        Queue q = session.createQueue("m-admin");
        send(q, "a", null);

        QueueMetrics m = admin.statistics("m-admin");
        assertEquals(1, m.numberOfMessagesSent());
        for (Map.Entry<String, Long> e : m.asMap().entrySet()) {
            assertEquals(e.getValue(), jmx("m-admin", e.getKey()), e.getKey());
        }
    }

    private static Search meter(MeterRegistry registry, String metric, String queue) {
        return registry.find(WharfMetrics.PREFIX + metric).tag("queue", queue);
    }

    @Test
    void micrometerGaugesAndCountersCarryTheCloudWatchNamesAndTheQueueTag() throws Exception {
        Queue q = session.createQueue("m-micro");
        send(q, "a", null);
        send(q, "b", null);
        try (MessageConsumer c = session.createConsumer(q)) {
            c.receive(10_000).acknowledge();
        }
        MeterRegistry registry = new SimpleMeterRegistry();
        new WharfMetrics(factory).bindTo(registry);

        // On SQS the backend's prefetch may hold the message in flight on the server.
        assertEquals(1.0, meter(registry, "ApproximateNumberOfMessagesVisible", "m-micro").gauge().value()
                + meter(registry, "ApproximateNumberOfMessagesNotVisible", "m-micro").gauge().value());
        assertEquals(2.0, meter(registry, "NumberOfMessagesSent", "m-micro").functionCounter().count());
        assertEquals(1.0, meter(registry, "NumberOfMessagesDeleted", "m-micro").functionCounter().count());
        boolean ageKnown = admin.statistics("m-micro").approximateAgeOfOldestMessage() != QueueMetrics.UNKNOWN;
        assertEquals(ageKnown, meter(registry, "ApproximateAgeOfOldestMessage", "m-micro").gauge() != null,
                "a figure the backend cannot give has no meter");
    }

    @Test
    void micrometerMeasuresNewQueuesAndForgetsDeletedOnesOnARescan() throws Exception {
        MeterRegistry registry = new SimpleMeterRegistry();
        WharfMetrics metrics = new WharfMetrics(factory);
        metrics.bindTo(registry);
        admin.createQueue("m-new", Map.of());
        assertNull(meter(registry, "NumberOfMessagesSent", "m-new").functionCounter());

        metrics.rescan();
        assertNotNull(meter(registry, "NumberOfMessagesSent", "m-new").functionCounter());
        assertEquals(1.0, registry.get("wharf.queues").gauge().value());

        admin.deleteQueue("m-new");
        metrics.rescan();
        assertNull(meter(registry, "NumberOfMessagesSent", "m-new").functionCounter());
    }
}
