package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.jms.context.Stores.ARRIVES;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import jakarta.jms.CompletionListener;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** MessageListener and CompletionListener: delivery, and the calls they may not make on their own context. */
class ListenerRulesTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("listeners");

    @Test
    void listenerReceivesTheMessagesSent() throws Exception {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            CountDownLatch got = new CountDownLatch(2);
            context.createConsumer(queue).setMessageListener(m -> got.countDown());
            context.createProducer().send(queue, "1").send(queue, "2");
            assertTrue(got.await(ARRIVES, TimeUnit.MILLISECONDS));
        }
    }

    @Test
    void listenerThatThrowsGetsTheMessageAgainMarkedRedelivered() throws Exception {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            AtomicInteger calls = new AtomicInteger();
            AtomicReference<Boolean> redelivered = new AtomicReference<>();
            CountDownLatch second = new CountDownLatch(1);
            context.createConsumer(queue).setMessageListener(m -> {
                if (calls.incrementAndGet() == 1) {
                    throw new IllegalStateException("first delivery fails");
                }
                try {
                    redelivered.set(m.getJMSRedelivered());
                } catch (JMSException e) {
                    redelivered.set(null);
                }
                second.countDown();
            });
            context.createProducer().send(queue, "retry me");
            assertTrue(second.await(ARRIVES, TimeUnit.MILLISECONDS));
            assertEquals(Boolean.TRUE, redelivered.get());
        }
    }

    @Test
    void autoAcknowledgeListenerTakesTheMessageForGood() throws Exception {
        Queue queue;
        try (JMSContext context = FACTORY.createContext()) {
            queue = context.createQueue(Stores.unique("q"));
            CountDownLatch got = new CountDownLatch(1);
            context.createConsumer(queue).setMessageListener(m -> got.countDown());
            context.createProducer().send(queue, "x");
            assertTrue(got.await(ARRIVES, TimeUnit.MILLISECONDS));
        }
        try (JMSContext context = FACTORY.createContext()) {
            assertNull(context.createConsumer(queue).receive(Stores.NOTHING));
        }
    }

    @Test
    void closeFromItsOwnMessageListenerIsIllegalState() throws Exception {
        try (JMSContext context = FACTORY.createContext()) {
            assertInstanceOf(IllegalStateRuntimeException.class, failureInListener(context, JMSContext::close));
        }
    }

    @Test
    void stopFromAMessageListenerIsIllegalState() throws Exception {
        try (JMSContext context = FACTORY.createContext()) {
            assertInstanceOf(IllegalStateRuntimeException.class, failureInListener(context, JMSContext::stop));
        }
    }

    @Test
    void closeFromItsOwnCompletionListenerIsIllegalState() throws Exception {
        try (JMSContext context = FACTORY.createContext()) {
            assertInstanceOf(IllegalStateRuntimeException.class, failureInCompletion(context, JMSContext::close));
        }
    }

    @Test
    void commitFromItsOwnCompletionListenerIsIllegalState() throws Exception {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext context = FACTORY.createContext(JMSContext.SESSION_TRANSACTED)) {
            assertInstanceOf(IllegalStateRuntimeException.class, failureInCompletion(context, JMSContext::commit));
        }
    }

    @Test
    void rollbackFromItsOwnCompletionListenerIsIllegalState() throws Exception {
        TestStores.assumeOffers("Transactions", "a transacted JMSContext");
        try (JMSContext context = FACTORY.createContext(JMSContext.SESSION_TRANSACTED)) {
            assertInstanceOf(IllegalStateRuntimeException.class,
                    failureInCompletion(context, JMSContext::rollback));
        }
    }

    @Test
    void stopFromACompletionListenerIsAllowed() throws Exception {
        try (JMSContext context = FACTORY.createContext()) {
            assertNull(failureInCompletion(context, JMSContext::stop));
        }
    }

    /** What {@code call} threw when a listener of {@code context} made it (null: nothing). */
    private static RuntimeException failureInListener(JMSContext context, Consumer<JMSContext> call)
            throws InterruptedException {
        Queue queue = context.createQueue(Stores.unique("q"));
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        context.createConsumer(queue).setMessageListener(m -> {
            try {
                call.accept(context);
            } catch (RuntimeException e) {
                failure.set(e);
            }
            done.countDown();
        });
        context.createProducer().send(queue, "go");
        assertTrue(done.await(ARRIVES, TimeUnit.MILLISECONDS));
        return failure.get();
    }

    /** What {@code call} threw when a CompletionListener of {@code context} made it (null: nothing). */
    private static RuntimeException failureInCompletion(JMSContext context, Consumer<JMSContext> call)
            throws InterruptedException {
        Queue queue = context.createQueue(Stores.unique("q"));
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        context.createProducer().setAsync(new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                try {
                    call.accept(context);
                } catch (RuntimeException e) {
                    failure.set(e);
                }
                done.countDown();
            }

            @Override
            public void onException(Message message, Exception exception) {
                failure.set(new RuntimeException(exception));
                done.countDown();
            }
        }).send(queue, "go");
        assertTrue(done.await(ARRIVES, TimeUnit.MILLISECONDS));
        return failure.get();
    }

    @Test
    void listenerOfAClientAcknowledgeContextIsAcknowledgedByTheContext() throws Exception {
        Queue queue;
        try (JMSContext context = FACTORY.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            queue = context.createQueue(Stores.unique("q"));
            AtomicReference<String> text = new AtomicReference<>();
            CountDownLatch got = new CountDownLatch(1);
            context.createConsumer(queue).setMessageListener(m -> {
                try {
                    text.set(((TextMessage) m).getText());
                } catch (JMSException e) {
                    text.set(e.toString());
                }
                got.countDown();
            });
            context.createProducer().send(queue, "ack me");
            assertTrue(got.await(ARRIVES, TimeUnit.MILLISECONDS));
            assertEquals("ack me", text.get());
            context.acknowledge();
        }
        try (JMSContext context = FACTORY.createContext()) {
            assertNull(context.createConsumer(queue).receive(Stores.NOTHING));
        }
    }
}
