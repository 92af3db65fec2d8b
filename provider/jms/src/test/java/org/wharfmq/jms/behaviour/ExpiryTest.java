package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * An expired message reaches no listener, on every backend: on SQS (and without MessageOptions)
 * the expiration travels only as an attribute and the store hands the message out, so the provider
 * deletes it instead of delivering it.
 */
class ExpiryTest {
    private WharfConnectionFactory factory;
    private Connection connection;
    private Session session;
    private Queue queue;
    private final List<String> received = new CopyOnWriteArrayList<>();
    private final CountDownLatch liveArrived = new CountDownLatch(1);
    /** Records what a listener gets. */
    private final MessageListener recorder = m -> {
        try {
            received.add(((TextMessage) m).getText());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
        if (received.contains("live")) {
            liveArrived.countDown();
        }
    };

    @BeforeEach
    void sendAnExpiredMessageAndThenALiveOne() throws JMSException {
        factory = new WharfConnectionFactory(TestStores.url("expiry"));
        connection = factory.createConnection();
        session = connection.createSession();
        queue = session.createQueue("expiring");
        MessageProducer p = session.createProducer(queue);
        TextMessage stale = session.createTextMessage("stale");
        p.send(stale, DeliveryMode.PERSISTENT, 4, 1);
        while (System.currentTimeMillis() <= stale.getJMSExpiration()) {
            Thread.onSpinWait();
        }
        p.send(session.createTextMessage("live"));
    }

    @AfterEach
    void close() throws JMSException {
        connection.close();
    }

    @Test
    void anExpiredMessageNeverReachesAMessageListener() throws Exception {
        session.createConsumer(queue).setMessageListener(recorder);
        connection.start();

        assertOnlyTheLiveMessageWasDelivered();
    }

    @Test
    void anExpiredMessageNeverReachesAConnectionConsumersServerSession() throws Exception {
        Session serverSession = connection.createSession();
        serverSession.setMessageListener(recorder);
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
        ConnectionConsumer cc = connection.createConnectionConsumer(queue, null, pool, 5);
        connection.start();

        assertOnlyTheLiveMessageWasDelivered();
        cc.close();
    }

    /** Waits for the live message and for the queue to be empty, the expired message gone too. */
    private void assertOnlyTheLiveMessageWasDelivered() throws Exception {
        assertTrue(liveArrived.await(10, TimeUnit.SECONDS), "the live message never arrived");
        QueueAdmin admin = factory.admin();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!empty(admin.getQueueAttributes("expiring"))) {
            assertTrue(System.nanoTime() < deadline, "the queue still holds a message after 10 s");
            Thread.onSpinWait();
        }
        assertEquals(List.of("live"), received);
    }

    private static boolean empty(Map<String, String> attributes) {
        return attributes.get("ApproximateNumberOfMessages").equals("0")
                && attributes.get("ApproximateNumberOfMessagesNotVisible").equals("0");
    }
}
