package org.wharfmq.jms.redelivery;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * The redelivery delay on every backend, in real time: a message given back is seen again no
 * sooner than the one-second delay after it was first handed out.
 */
class RedeliveryDelayTest {
    private static final long DELAY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static WharfConnectionFactory factory() {
        return new WharfConnectionFactory(TestStores.withOptions(TestStores.url("delay"),
                "redeliveryDelay=1&waitTimeSeconds=1"));
    }

    /** Waits for the second delivery and asserts it came at least the delay after the first. */
    private static void assertSecondDeliveryAfterTheDelay(List<Long> at, CountDownLatch twice) throws Exception {
        assertTrue(twice.await(30, TimeUnit.SECONDS), "delivered twice, got " + at.size());
        long gap = at.get(1) - at.get(0);
        assertTrue(gap >= DELAY_NANOS, "seen again after " + TimeUnit.NANOSECONDS.toMillis(gap) + " ms");
    }

    @Test
    void transactedListenerThatRollsBackSeesTheMessageAgainOnlyAfterTheDelay() throws Exception {
        try (Connection c = factory().createConnection()) {
            Session s = c.createSession(true, Session.SESSION_TRANSACTED);
            Queue q = s.createQueue("q");
            s.createProducer(q).send(s.createTextMessage("m"));
            s.commit();
            List<Long> at = new CopyOnWriteArrayList<>();
            CountDownLatch twice = new CountDownLatch(2);
            s.createConsumer(q).setMessageListener(m -> {
                at.add(System.nanoTime());
                try {
                    // As a listener container does when its listener throws.
                    if (at.size() == 1) {
                        s.rollback();
                    } else {
                        s.commit();
                    }
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
                twice.countDown();
            });
            c.start();
            assertSecondDeliveryAfterTheDelay(at, twice);
        }
    }

    @Test
    void listenerThatThrowsSeesTheMessageAgainOnlyAfterTheDelay() throws Exception {
        try (Connection c = factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q = s.createQueue("q");
            s.createProducer(q).send(s.createTextMessage("m"));
            List<Long> at = new CopyOnWriteArrayList<>();
            CountDownLatch twice = new CountDownLatch(2);
            s.createConsumer(q).setMessageListener(m -> {
                at.add(System.nanoTime());
                twice.countDown();
                if (at.size() == 1) {
                    throw new IllegalStateException("the first delivery fails");
                }
            });
            c.start();
            assertSecondDeliveryAfterTheDelay(at, twice);
        }
    }

    @Test
    void recoverInClientAcknowledgeSeesTheMessageAgainOnlyAfterTheDelay() throws Exception {
        try (Connection c = factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue q = s.createQueue("q");
            s.createProducer(q).send(s.createTextMessage("m"));
            MessageConsumer consumer = s.createConsumer(q);
            assertNotNull(consumer.receive(10_000));
            long first = System.nanoTime();

            s.recover();

            assertNotNull(consumer.receive(30_000));
            long gap = System.nanoTime() - first;
            assertTrue(gap >= DELAY_NANOS, "seen again after " + TimeUnit.NANOSECONDS.toMillis(gap) + " ms");
        }
    }
}
