package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import javax.management.JMX;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfProducer;
import org.wharfmq.jms.management.MessageView;
import org.wharfmq.jms.management.MoveTaskView;
import org.wharfmq.jms.management.QueueRow;
import org.wharfmq.jms.management.StoreMBeans;
import org.wharfmq.jms.management.StoreMXBean;
import org.wharfmq.jms.testing.TestStores;

/**
 * The store MBean's queue and message operations through a real MXBean proxy on the platform
 * MBeanServer, as the wharf tool uses them, checked against the JMS API on the same store. The
 * caller has no JMX principal, so no users file applies (JmxPermissionsTest checks those).
 */
class JmxOperationsTest {
    private String url;
    private WharfConnectionFactory factory;
    private QueueAdmin admin;
    private Connection connection;
    private Session session;
    private StoreMXBean store;

    @BeforeEach
    void open() throws Exception {
        TestStores.assumeOffers("QueueStatistics", "the store's MBean");
        url = TestStores.url("jmxops");
        factory = new WharfConnectionFactory(url);
        admin = factory.admin();
        admin.createQueue("work", Map.of());
        connection = factory.createConnection();
        connection.start();
        session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        store = JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(), StoreMBeans.storeObjectName(url),
                StoreMXBean.class);
    }

    @AfterEach
    void close() throws JMSException {
        if (connection != null) {
            connection.close();
        }
        factory.close();
    }

    private void sendJms(String queue, String... bodies) throws JMSException {
        MessageProducer producer = session.createProducer(session.createQueue(queue));
        for (String body : bodies) {
            producer.send(session.createTextMessage(body));
        }
    }

    private List<String> receiveJms(String queue) throws JMSException {
        List<String> bodies = new ArrayList<>();
        try (MessageConsumer consumer = session.createConsumer(session.createQueue(queue))) {
            for (Message m = consumer.receive(1000); m != null; m = consumer.receive(500)) {
                bodies.add(((TextMessage) m).getText());
                m.acknowledge();
            }
        }
        return bodies;
    }

    private static List<String> previews(List<MessageView> views) {
        return views.stream().map(MessageView::getBodyPreview).toList();
    }

    /** Waits for {@code figure} to reach {@code expected} (SQS's counts are approximate and may lag). */
    private static void awaitFigure(long expected, LongSupplier figure, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long now = figure.getAsLong();
        while (now != expected && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            now = figure.getAsLong();
        }
        assertEquals(expected, now, what);
    }

    private long visible(String queue) {
        return store.queueStatistics(queue).get("ApproximateNumberOfMessagesVisible");
    }

    /** The IllegalArgumentException a proxy call throws, whose message must name each of {@code named}. */
    private static IllegalArgumentException refused(Executable call, String... named) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        for (String n : named) {
            assertTrue(e.getMessage().contains(n), "'" + e.getMessage() + "' does not name " + n);
        }
        return e;
    }

    @Test
    void browseShowsTheHeadAndLeavesTheMessages() throws Exception {
        TestStores.assumeOffers("Browsing", "a browse");
        sendJms("work", "one", "two", "three");
        assertEquals(List.of("one", "two"), previews(store.browse("work", 2)));
        List<MessageView> all = store.browse("work", 10);
        assertEquals(List.of("one", "two", "three"), previews(all));
        assertEquals("TextMessage", all.get(0).getType());
        assertEquals(3, all.get(0).getBodySize());
        assertTrue(all.get(0).getMessageId().startsWith("ID:"), all.get(0).getMessageId());
        assertEquals(List.of("one", "two", "three"), receiveJms("work"), "browsing took nothing");
    }

    @Test
    void browseIsRefusedNamingBrowsingWhereTheBackendCannot() throws Exception {
        assumeFalse(TestStores.offers("Browsing"), "the backend browses");
        sendJms("work", "kept");
        refused(() -> store.browse("work", 10), "Browsing", "work", Wharf.printable(url));
        assertEquals(List.of("kept"), receiveJms("work"));
    }

    @Test
    void receiveGivesAndDeletesTheMessages() throws Exception {
        sendJms("work", "a", "b");
        List<MessageView> got = new ArrayList<>(store.receive("work", 10, 5));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (got.size() < 2 && System.nanoTime() < deadline) {
            got.addAll(store.receive("work", 10, 1));
        }
        assertEquals(List.of("a", "b"), previews(got).stream().sorted().toList());
        assertEquals(1, got.get(0).getDeliveryCount());
        assertFalse(got.get(0).isRedelivered());
        assertEquals(List.of(), store.receive("work", 10, 0));
        assertEquals(List.of(), receiveJms("work"), "the received messages are deleted");
    }

    @Test
    void receiveTakesAtMostMaxMessages() throws Exception {
        sendJms("work", "x", "y", "z");
        assertEquals(1, store.receive("work", 1, 5).size());
        assertEquals(2, receiveJms("work").size());
    }

    @Test
    void sendDeliversItsPropertiesAndReturnsTheMessageId() throws Exception {
        String id = store.send("work", "hello", Map.of("colour", "red", "size", "2"), 0);
        try (MessageConsumer consumer = session.createConsumer(session.createQueue("work"))) {
            Message m = consumer.receive(5000);
            assertNotNull(m);
            assertEquals(id, m.getJMSMessageID());
            assertEquals("hello", ((TextMessage) m).getText());
            assertEquals("red", m.getStringProperty("colour"));
            assertEquals("2", m.getObjectProperty("size"), "a property is sent as a string");
            m.acknowledge();
        }
    }

    @Test
    void sendToAFifoQueueTakesTheGroupAndTheDeduplicationId() throws Exception {
        admin.createQueue("orders.fifo", Map.of("FifoQueue", "true"));
        Map<String, String> properties = Map.of("JMSXGroupID", "customer-7", WharfProducer.DEDUPLICATION_ID, "order-1");
        String first = store.send("orders.fifo", "order 1", properties, 0);
        store.send("orders.fifo", "order 1 again", properties, 0);
        try (MessageConsumer consumer = session.createConsumer(session.createQueue("orders.fifo"))) {
            Message m = consumer.receive(5000);
            assertEquals(first, m.getJMSMessageID());
            assertEquals("customer-7", m.getStringProperty("JMSXGroupID"));
            m.acknowledge();
            assertNull(consumer.receive(500), "the second send was a duplicate");
        }
    }

    @Test
    void sendWithADelayArrivesOnlyAfterIt() throws Exception {
        long before = System.currentTimeMillis();
        store.send("work", "later", Map.of(), 2000);
        try (MessageConsumer consumer = session.createConsumer(session.createQueue("work"))) {
            assertNull(consumer.receiveNoWait(), "not visible before its delay");
            Message m = consumer.receive(10_000);
            assertNotNull(m, "visible after its delay");
            assertTrue(System.currentTimeMillis() - before >= 1900, "arrived before its delay");
            m.acknowledge();
        }
    }

    @Test
    void declareCreatesUpdatesOrLeavesTheQueue() throws Exception {
        assertEquals("CREATED", store.declareQueue("jobs", Map.of("VisibilityTimeout", "40")));
        assertEquals("UNCHANGED", store.declareQueue("jobs", Map.of("VisibilityTimeout", "40")));
        assertEquals("UPDATED", store.declareQueue("jobs", Map.of("VisibilityTimeout", "50")));
        assertEquals("50", store.queueAttributes("jobs").get("VisibilityTimeout"));
        assertTrue(store.getQueues().contains("jobs"), store.getQueues().toString());
    }

    @Test
    void purgeEmptiesTheQueue() throws Exception {
        sendJms("work", "p", "q");
        awaitFigure(2, () -> visible("work"), "visible before the purge");
        store.purgeQueue("work");
        awaitFigure(0, () -> visible("work"), "visible after the purge");
        assertEquals(List.of(), receiveJms("work"));
    }

    @Test
    void deleteRemovesTheQueue() throws Exception {
        admin.createQueue("doomed", Map.of());
        store.deleteQueue("doomed");
        assertFalse(admin.listQueues(null).contains("doomed"));
        assertFalse(store.getQueues().contains("doomed"));
        assertTrue(store.listQueueRows().stream().noneMatch(r -> r.getName().equals("doomed")));
    }

    @Test
    void queueRowsShowCountsAndTheDeadLetterQueue() throws Exception {
        admin.createQueue("mail-dlq", Map.of());
        admin.createQueue("mail", Map.of("RedrivePolicy", "{\"deadLetterTargetArn\":\"mail-dlq\",\"maxReceiveCount\":3}"));
        admin.createQueue("mail.fifo", Map.of("FifoQueue", "true"));
        sendJms("mail", "m1", "m2");
        awaitFigure(2, () -> row("mail").getVisible(), "visible in the row");
        QueueRow mail = row("mail");
        assertEquals(List.of("mail-dlq", 3, false), List.of(mail.getDeadLetterQueue(), mail.getMaxReceiveCount(),
                mail.isFifo()));
        QueueRow dlq = row("mail-dlq");
        assertEquals(List.of("", 0, 0L), List.of(dlq.getDeadLetterQueue(), dlq.getMaxReceiveCount(), dlq.getVisible()));
        assertTrue(row("mail.fifo").isFifo());
        assertEquals(store.getQueues(), store.listQueueRows().stream().map(QueueRow::getName).sorted().toList());
    }

    private QueueRow row(String queue) {
        return store.listQueueRows().stream().filter(r -> r.getName().equals(queue)).findFirst().orElseThrow();
    }

    @Test
    void statisticsHaveEveryMetric() throws Exception {
        sendJms("work", "s");
        awaitFigure(1, () -> visible("work"), "visible");
        Map<String, Long> figures = store.queueStatistics("work");
        assertEquals(org.wharfmq.jms.QueueMetrics.NAMES.stream().sorted().toList(),
                figures.keySet().stream().sorted().toList());
    }

    @Test
    void moveTasksComeBackAsViews() throws Exception {
        TestStores.assumeOffers("MessageMoves", "a message move task");
        admin.createQueue("back-dlq", Map.of());
        sendJms("back-dlq", "stuck");
        String handle = store.startMessageMoveTask("back-dlq", "work", 0);
        List<MoveTaskView> tasks = store.listMessageMoveTasks("back-dlq");
        assertEquals(handle, tasks.get(0).getTaskHandle());
        assertEquals(List.of("back-dlq", "work"), List.of(tasks.get(0).getSourceQueue(),
                tasks.get(0).getDestinationQueue()));
    }

    @Test
    void badInputIsRefusedNamingItAndChangesNothing() throws Exception {
        sendJms("work", "stays");
        awaitFigure(1, () -> visible("work"), "visible");
        refused(() -> store.receive("work", 0, 1), "maxMessages 0");
        refused(() -> store.receive("work", 1001, 1), "maxMessages 1001");
        refused(() -> store.receive("work", 1, -1), "waitSeconds -1");
        refused(() -> store.receive("work", 1, 21), "waitSeconds 21");
        refused(() -> store.browse("work", 0), "maxMessages 0");
        refused(() -> store.send("work", "x", Map.of(), -5), "deliveryDelayMillis -5");
        for (Executable call : List.<Executable>of(() -> store.send("nowhere", "x", Map.of(), 0),
                () -> store.receive("nowhere", 1, 0), () -> store.browse("nowhere", 1),
                () -> store.purgeQueue("nowhere"), () -> store.deleteQueue("nowhere"),
                () -> store.queueAttributes("nowhere"), () -> store.queueStatistics("nowhere"))) {
            refused(call, "queue nowhere", "does not exist", Wharf.printable(url));
        }
        refused(() -> store.declareQueue("bad", Map.of("VisibilityTimeout", "-3")), "VisibilityTimeout");
        assertFalse(admin.listQueues(null).contains("nowhere"), "a send did not create the queue");
        assertFalse(admin.listQueues(null).contains("bad"));
        assertEquals(List.of("stays"), receiveJms("work"));
    }
}
