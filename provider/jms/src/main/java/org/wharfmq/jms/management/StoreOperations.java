package org.wharfmq.jms.management;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import jakarta.jms.Connection;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.gateway.Admin;
import org.wharfmq.jms.gateway.QueueSpec;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.meta.MessageMoveTask;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.RedrivePolicy;

/**
 * The operations of a store's MBean beyond its view: queue administration through the gateway's
 * {@link Admin}, browsing through the gateway (which reads only the messages asked for), sending and
 * receiving through the JMS API on the store's own URL, which shares the store open in this JVM.
 * Each checks its input first, then its JMX caller ({@link JmxCaller}) with the permission JMS's
 * same operation needs, and fails with an IllegalArgumentException naming the queue and the store.
 */
final class StoreOperations {
    /** The most messages one browse or receive gives. */
    static final int MAX_MESSAGES = 1000;
    /** The longest wait of a receive, as SQS's long poll. */
    static final int MAX_WAIT_SECONDS = 20;
    /** The most threads that read queue rows at once. */
    private static final int READERS = 8;
    /** The attributes a queue row shows, and the ARN that a RedrivePolicy may name a queue by. */
    private static final List<String> ROW_ATTRIBUTES = List.of(QueueConfig.REDRIVE_POLICY, QueueConfig.FIFO_QUEUE,
            Admin.QUEUE_ARN);

    private final StoreGateway gateway;
    private final String store;

    StoreOperations(StoreGateway gateway) {
        this.gateway = gateway;
        this.store = StoreGateway.printable(gateway.url());
    }

    /**
     * The row of each queue of {@code names} that still exists, its figures and attributes read by
     * up to {@value #READERS} threads at once: on SQS each read is a request to the server.
     */
    List<QueueRow> rows(List<String> names) {
        Admin admin = gateway.admin();
        List<Future<QueueRead>> reads = new ArrayList<>(names.size());
        ExecutorService readers = Executors.newFixedThreadPool(Math.max(1, Math.min(READERS, names.size())), r -> {
            Thread t = new Thread(r, "wharf-jmx-queue-rows");
            t.setDaemon(true);
            return t;
        });
        try {
            for (String name : names) {
                reads.add(readers.submit(() -> read(admin, name)));
            }
            List<QueueRead> found = new ArrayList<>(names.size());
            for (int i = 0; i < reads.size(); i++) {
                found.add(done(names.get(i), reads.get(i)));
            }
            return rowsOf(found);
        } finally {
            readers.shutdownNow();
        }
    }

    /** A queue's figures and attributes; null if the queue is gone. */
    private record QueueRead(String name, Map<String, Long> figures, boolean counting, Map<String, String> attributes) {
    }

    private static QueueRead read(Admin admin, String name) throws JMSException {
        try {
            Admin.Overview o = admin.overview(name, ROW_ATTRIBUTES);
            return new QueueRead(name, o.figures(), o.counting(), o.attributes());
        } catch (InvalidDestinationException gone) {
            return null;
        }
    }

    private QueueRead done(String name, Future<QueueRead> read) {
        try {
            return read.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof JMSException j) {
                throw refused(name, j);
            }
            throw new IllegalStateException("queue " + name + " of store " + store + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the queues of store " + store, e);
        }
    }

    private static List<QueueRow> rowsOf(List<QueueRead> reads) {
        // An SQS server's RedrivePolicy names its dead-letter queue by the server's ARN: known by each queue's.
        Map<String, String> nameByArn = new HashMap<>();
        for (QueueRead r : reads) {
            if (r != null && r.attributes().containsKey(Admin.QUEUE_ARN)) {
                nameByArn.put(r.attributes().get(Admin.QUEUE_ARN), r.name());
            }
        }
        List<QueueRow> rows = new ArrayList<>(reads.size());
        for (QueueRead r : reads) {
            if (r == null) {
                continue;
            }
            Map<String, Long> f = r.figures();
            String policy = r.attributes().get(QueueConfig.REDRIVE_POLICY);
            String deadLetter = nameByArn.get(RedrivePolicy.targetOf(policy));
            if (deadLetter == null) {
                deadLetter = RedrivePolicy.deadLetterNameOf(policy);
            }
            rows.add(new QueueRow(r.name(), Boolean.parseBoolean(r.attributes().get(QueueConfig.FIFO_QUEUE)),
                    f.get("ApproximateNumberOfMessagesVisible"), r.counting(), f.get("ApproximateNumberOfMessagesNotVisible"),
                    f.get("ApproximateNumberOfMessagesDelayed"), f.get("ApproximateAgeOfOldestMessage"),
                    deadLetter == null ? "" : deadLetter, RedrivePolicy.maxReceiveCountOf(policy)));
        }
        return rows;
    }

    /** The names of the store's queues. */
    List<String> queues() {
        return call(null, () -> gateway.admin().listQueues(null));
    }

    Map<String, Long> statistics(String queue) {
        existing(queue);
        return call(queue, () -> gateway.admin().statistics(queue));
    }

    Map<String, String> attributes(String queue) {
        existing(queue);
        JmxCaller.check(gateway, "admin", queue);
        return call(queue, () -> gateway.admin().getQueueAttributes(queue));
    }

    /** As QueueAdmin.declare: create for a new queue, admin for a change. */
    String declare(String queue, Map<String, String> attributes) {
        named(queue);
        Admin admin = gateway.admin();
        if (!call(queue, () -> admin.exists(queue))) {
            JmxCaller.check(gateway, "create", queue);
        }
        boolean mayChange = JmxCaller.allows(gateway, "admin", queue);
        Admin.Declaration d;
        try {
            d = admin.declare(queue, attributes == null ? Map.of() : attributes, mayChange);
        } catch (JMSSecurityException e) {
            throw new IllegalArgumentException("user '" + JmxCaller.principal() + "' may not administer queue "
                    + queue + " of store " + store + " (permission admin): " + e.getMessage());
        } catch (JMSException e) {
            throw refused(queue, e);
        }
        return d.created() ? "CREATED" : d.changed().isEmpty() ? "UNCHANGED" : "UPDATED";
    }

    void delete(String queue) {
        existing(queue);
        JmxCaller.check(gateway, "delete", queue);
        call(queue, () -> {
            gateway.admin().deleteQueue(queue);
            return null;
        });
    }

    void purge(String queue) {
        existing(queue);
        JmxCaller.check(gateway, "delete", queue);
        call(queue, () -> {
            gateway.admin().purgeQueue(queue);
            return null;
        });
    }

    List<MessageView> browse(String queue, int maxMessages) {
        count(maxMessages);
        existing(queue);
        JmxCaller.check(gateway, "browse", queue);
        return call(queue, () -> {
            List<MessageView> out = new ArrayList<>();
            for (WharfMessage m : gateway.receiving().browse(QueueSpec.named(queue), null, new WharfQueue(queue),
                    maxMessages)) {
                out.add(MessageViews.of(m));
            }
            return out;
        });
    }

    String send(String queue, String body, Map<String, String> properties, long deliveryDelayMillis) {
        if (deliveryDelayMillis < 0) {
            throw new IllegalArgumentException("deliveryDelayMillis " + deliveryDelayMillis + " is negative");
        }
        if (body == null) {
            throw new IllegalArgumentException("the body of the message to queue " + queue + " is null");
        }
        existing(queue);
        JmxCaller.check(gateway, "send", queue);
        return call(queue, () -> {
            try (Connection c = connection()) {
                Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                TextMessage m = session.createTextMessage(body);
                if (properties != null) {
                    for (Map.Entry<String, String> p : properties.entrySet()) {
                        m.setStringProperty(p.getKey(), p.getValue());
                    }
                }
                MessageProducer producer = session.createProducer(session.createQueue(queue));
                producer.setDeliveryDelay(deliveryDelayMillis);
                producer.send(m);
                return m.getJMSMessageID();
            }
        });
    }

    List<MessageView> receive(String queue, int maxMessages, int waitSeconds) {
        count(maxMessages);
        if (waitSeconds < 0 || waitSeconds > MAX_WAIT_SECONDS) {
            throw new IllegalArgumentException("waitSeconds " + waitSeconds + " is not in 0.." + MAX_WAIT_SECONDS);
        }
        existing(queue);
        JmxCaller.check(gateway, "consume", queue);
        return call(queue, () -> {
            try (Connection c = connection()) {
                c.start();
                Session session = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
                Queue q = session.createQueue(queue);
                MessageConsumer consumer = session.createConsumer(q);
                List<MessageView> out = new ArrayList<>();
                Message m = waitSeconds == 0 ? consumer.receiveNoWait() : consumer.receive(waitSeconds * 1000L);
                Message last = null;
                while (m != null) {
                    out.add(MessageViews.of(m));
                    last = m;
                    m = out.size() < maxMessages ? consumer.receiveNoWait() : null;
                }
                if (last != null) {
                    // Deleted only once every view is made: a failure before leaves them all to come back.
                    last.acknowledge();
                }
                return out;
            }
        });
    }

    String startMessageMoveTask(String source, String destination, Integer rate) {
        existing(source);
        JmxCaller.check(gateway, "admin", source);
        Admin admin = gateway.admin();
        if (destination != null) {
            existing(destination);
            JmxCaller.check(gateway, "send", destination);
        } else if (JmxCaller.principal() != null) {
            for (String q : call(source, () -> admin.queuesDeadLetteringTo(source))) {
                JmxCaller.check(gateway, "send", q);
            }
        }
        return call(source, () -> admin.startMessageMoveTask(source, destination, rate));
    }

    List<MoveTaskView> listMessageMoveTasks(String source) {
        existing(source);
        JmxCaller.check(gateway, "admin", source);
        return call(source, () -> gateway.admin().listMessageMoveTasks(source).stream()
                .map(MoveTaskView::of).toList());
    }

    /** Needs admin on the task's source queue, which a checked caller's handle is looked up in. */
    long cancelMessageMoveTask(String taskHandle) {
        Admin admin = gateway.admin();
        if (JmxCaller.principal() != null) {
            String source = call(null, () -> {
                for (String q : admin.listQueues(null)) {
                    for (MessageMoveTask t : admin.listMessageMoveTasks(q)) {
                        if (t.taskHandle().equals(taskHandle)) {
                            return q;
                        }
                    }
                }
                return null;
            });
            if (source != null) {
                JmxCaller.check(gateway, "admin", source);
            }
        }
        return call(null, () -> admin.cancelMessageMoveTask(taskHandle));
    }

    /** A connection to this store, without the users file: the caller is checked before. */
    private Connection connection() throws JMSException {
        if (!gateway.isOpen()) {
            throw new JMSException("the store is closed");
        }
        WharfConnectionFactory factory = new WharfConnectionFactory(gateway.url());
        try {
            return factory.createConnection();
        } finally {
            // The connection holds the store open from here; the factory need not.
            factory.close();
        }
    }

    private static void count(int maxMessages) {
        if (maxMessages < 1 || maxMessages > MAX_MESSAGES) {
            throw new IllegalArgumentException("maxMessages " + maxMessages + " is not in 1.." + MAX_MESSAGES);
        }
    }

    private void named(String queue) {
        if (queue == null || queue.isBlank()) {
            throw new IllegalArgumentException("no queue named: the queue name is empty (store " + store + ")");
        }
    }

    /** Fails unless queue {@code queue} exists. */
    private void existing(String queue) {
        named(queue);
        if (!call(queue, () -> gateway.admin().exists(queue))) {
            throw new IllegalArgumentException("queue " + queue + " does not exist in store " + store);
        }
    }

    private interface StoreCall<T> {
        T call() throws JMSException;
    }

    private <T> T call(String queue, StoreCall<T> call) {
        try {
            return call.call();
        } catch (JMSException e) {
            throw refused(queue, e);
        }
    }

    /** The store's reason, as a JMX client without Wharf's or JMS's classes can read it. */
    private IllegalArgumentException refused(String queue, JMSException e) {
        String reason = e.getMessage() == null ? e.toString() : e.getMessage();
        String where = reason.contains(store) ? "" : " of store " + store;
        return new IllegalArgumentException(queue == null ? "store " + store + ": " + reason
                : "queue " + queue + where + ": " + reason);
    }
}
