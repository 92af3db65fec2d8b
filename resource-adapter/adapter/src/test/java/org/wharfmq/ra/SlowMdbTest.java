package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.inbound.WharfActivationSpec;

/**
 * An MDB that works three visibility timeouts (of one second) per message gets each message once:
 * the adapter's sessions keep the message they work on hidden, and the messages fetched for them
 * (a batch's, or one waiting for a free session) too, until the delivery ends. The activation
 * property {@code visibilityExtension=off} turns that off, and the message comes twice.
 */
class SlowMdbTest {
    private static final long WORK_MILLIS = 3_000;
    private static final int MESSAGES = 3;

    private final String url = "wharf:memory:ra-slow-" + UUID.randomUUID();
    private final WharfResourceAdapter ra = new WharfResourceAdapter();
    private final CountDownLatch testOver = new CountDownLatch(1);
    private final Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
    private final List<Exception> problems = new CopyOnWriteArrayList<>();
    private final AtomicInteger finished = new AtomicInteger();
    private MessageEndpointFactory factory;
    private WharfActivationSpec spec;

    @AfterEach
    void stop() {
        testOver.countDown();
        if (factory != null) {
            ra.endpointDeactivation(factory, spec);
        }
        ra.stop();
    }

    private void activate(boolean transacted, int prefetch, String extension) throws ResourceException {
        ra.setConnectionURL(url);
        ra.start(TestEndpoints.bootstrap());
        spec = new WharfActivationSpec();
        spec.setDestination("slow");
        spec.setResourceAdapter(ra);
        spec.setVisibilityTimeout(1);
        spec.setMaxSessions(2);
        spec.setPrefetch(prefetch);
        spec.setVisibilityExtension(extension);
        spec.validate();
        factory = new SlowEndpoints(transacted);
        ra.endpointActivation(factory, spec);
    }

    private void send(int count) throws JMSException {
        try (Connection c = new WharfConnectionFactory(url).createConnection()) {
            Session s = c.createSession();
            MessageProducer p = s.createProducer(s.createQueue("slow"));
            for (int i = 0; i < count; i++) {
                p.send(s.createTextMessage("m" + i));
            }
        }
    }

    private int total() {
        return deliveries.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    private static void await(BooleanSupplier condition, long seconds, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " within " + seconds + " s");
            Thread.onSpinWait();
        }
    }

    /** Waits until every message was delivered and deleted, then checks that none came twice. */
    private void assertEachDeliveredOnce() {
        await(() -> deliveries.size() == MESSAGES && finished.get() == total(), 60, "every message processed");
        await(this::queueEmpty, 10, "the queue empty");
        assertEquals(MESSAGES, total(), "deliveries: " + deliveries);
        assertEquals(List.of(), problems);
    }

    private boolean queueEmpty() {
        try {
            Map<String, String> a = new WharfConnectionFactory(url).admin().getQueueAttributes("slow");
            return a.get("ApproximateNumberOfMessages").equals("0")
                    && a.get("ApproximateNumberOfMessagesNotVisible").equals("0");
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aSlowMdbGetsEachMessageOnce() throws Exception {
        activate(false, 0, null);
        send(MESSAGES);

        assertEachDeliveredOnce();
    }

    @Test
    void aSlowTransactedMdbGetsEachMessageOfItsBatchOnce() throws Exception {
        // Batches of two in one XA transaction: the first message waits, delivered, for the batch's commit.
        activate(true, 1, "on");
        send(MESSAGES);

        assertEachDeliveredOnce();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void withTheExtensionOffASlowMdbGetsAMessageTwice(boolean transacted) throws Exception {
        activate(transacted, 0, "off");
        send(MESSAGES);

        await(() -> total() > deliveries.size(), 30, "a message delivered twice");
    }

    /** Endpoints that work {@link #WORK_MILLIS} per message; transacted, each runs a batch in an XA branch. */
    private final class SlowEndpoints implements MessageEndpointFactory {
        private final boolean transacted;

        SlowEndpoints(boolean transacted) {
            this.transacted = transacted;
        }

        @Override
        public MessageEndpoint createEndpoint(XAResource xa) {
            return new SlowEndpoint(xa);
        }

        @Override
        public MessageEndpoint createEndpoint(XAResource xa, long timeout) {
            return createEndpoint(xa);
        }

        @Override
        public boolean isDeliveryTransacted(Method method) {
            return transacted;
        }

        @Override
        public String getActivationName() {
            return "slow";
        }

        @Override
        public Class<?> getEndpointClass() {
            return SlowEndpoint.class;
        }
    }

    private static final AtomicLong XIDS = new AtomicLong();

    private final class SlowEndpoint implements MessageEndpoint, MessageListener {
        private final XAResource xa;
        private Xid xid;

        SlowEndpoint(XAResource xa) {
            this.xa = xa;
        }

        @Override
        public void onMessage(Message m) {
            try {
                deliveries.computeIfAbsent(m.getJMSMessageID(), id -> new AtomicInteger()).incrementAndGet();
                testOver.await(WORK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (JMSException e) {
                problems.add(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                finished.incrementAndGet();
            }
        }

        @Override
        public void beforeDelivery(Method method) throws ResourceException {
            if (xa != null) {
                xid = new TestXid(XIDS.incrementAndGet());
                try {
                    xa.start(xid, XAResource.TMNOFLAGS);
                } catch (XAException e) {
                    throw new ResourceException(e);
                }
            }
        }

        @Override
        public void afterDelivery() throws ResourceException {
            if (xa != null) {
                try {
                    xa.end(xid, XAResource.TMSUCCESS);
                    xa.commit(xid, true);
                } catch (XAException e) {
                    problems.add(e);
                    throw new ResourceException(e);
                }
            }
        }

        @Override
        public void release() {
        }
    }

    private record TestXid(long n) implements Xid {
        @Override
        public int getFormatId() {
            return 4711;
        }

        @Override
        public byte[] getGlobalTransactionId() {
            return ByteBuffer.allocate(Long.BYTES).putLong(n).array();
        }

        @Override
        public byte[] getBranchQualifier() {
            return new byte[] {1};
        }
    }
}
