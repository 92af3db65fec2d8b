package org.wharfmq.jms.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.wharfmq.jms.context.Stores.ARRIVES;
import static org.wharfmq.jms.context.Stores.NOTHING;

import java.util.HashSet;
import java.util.Set;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.InvalidDestinationRuntimeException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** Topic consumers of the simplified API: durable, shared, shared durable, and selectors. */
class SubscriptionsTest {
    private static final WharfConnectionFactory FACTORY = Stores.factory("subscriptions");

    @Test
    void durableConsumerGetsMessagesPublishedWhileItWasClosed() {
        TestStores.assumeOffers("Topics", "a durable subscription");
        try (JMSContext context = FACTORY.createContext()) {
            context.setClientID(Stores.unique("client"));
            Topic topic = context.createTopic(Stores.unique("t"));
            context.createDurableConsumer(topic, "audit").close();
            context.createProducer().send(topic, "while away");
            JMSConsumer back = context.createDurableConsumer(topic, "audit");
            assertEquals("while away", back.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void unsubscribeEndsADurableSubscription() {
        TestStores.assumeOffers("Topics", "a durable subscription");
        try (JMSContext context = FACTORY.createContext()) {
            context.setClientID(Stores.unique("client"));
            Topic topic = context.createTopic(Stores.unique("t"));
            context.createDurableConsumer(topic, "audit").close();
            context.createProducer().send(topic, "kept");
            context.unsubscribe("audit");
            assertNull(context.createDurableConsumer(topic, "audit").receive(NOTHING));
        }
    }

    @Test
    void unsubscribingAnUnknownNameIsInvalidDestination() {
        TestStores.assumeOffers("Topics", "unsubscribe");
        try (JMSContext context = FACTORY.createContext()) {
            assertThrows(InvalidDestinationRuntimeException.class, () -> context.unsubscribe("nobody"));
        }
    }

    @Test
    void unsharedDurableConsumerNeedsAClientId() {
        try (JMSContext context = FACTORY.createContext()) {
            Topic topic = context.createTopic(Stores.unique("t"));
            assertThrows(IllegalStateRuntimeException.class, () -> context.createDurableConsumer(topic, "audit"));
        }
    }

    @Test
    void sharedConsumersTakeEachMessageOfTheSubscriptionOnce() {
        TestStores.assumeOffers("Topics", "a shared subscription");
        try (JMSContext first = FACTORY.createContext();
             JMSContext second = first.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
            Topic topic = first.createTopic(Stores.unique("t"));
            JMSConsumer a = first.createSharedConsumer(topic, "workers");
            JMSConsumer b = second.createSharedConsumer(topic, "workers");
            first.createProducer().send(topic, "1").send(topic, "2").send(topic, "3").send(topic, "4");
            Set<String> seen = new HashSet<>();
            int taken = 0;
            for (JMSConsumer c : new JMSConsumer[] {a, b}) {
                String body;
                while ((body = c.receiveBody(String.class, NOTHING)) != null) {
                    seen.add(body);
                    taken++;
                }
            }
            assertEquals(Set.of("1", "2", "3", "4"), seen);
            assertEquals(4, taken);
        }
    }

    @Test
    void sharedDurableSubscriptionKeepsMessagesWithoutAClientId() {
        TestStores.assumeOffers("Topics", "a shared durable subscription");
        try (JMSContext context = FACTORY.createContext()) {
            Topic topic = context.createTopic(Stores.unique("t"));
            context.createSharedDurableConsumer(topic, "archive").close();
            context.createProducer().send(topic, "stored");
            JMSConsumer back = context.createSharedDurableConsumer(topic, "archive");
            assertEquals("stored", back.receiveBody(String.class, ARRIVES));
            back.close();
            context.unsubscribe("archive");
        }
    }

    @Test
    void nonDurableConsumerMissesMessagesPublishedBeforeIt() {
        TestStores.assumeOffers("Topics", "a topic consumer");
        try (JMSContext context = FACTORY.createContext()) {
            Topic topic = context.createTopic(Stores.unique("t"));
            context.createProducer().send(topic, "early");
            JMSConsumer late = context.createConsumer(topic);
            assertNull(late.receive(NOTHING));
            context.createProducer().send(topic, "on time");
            assertEquals("on time", late.receiveBody(String.class, ARRIVES));
        }
    }

    @Test
    void selectorLetsOnlyMatchingMessagesThrough() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            JMSConsumer red = context.createConsumer(queue, "color = 'red'");
            context.createProducer().setProperty("color", "blue").send(queue, "b");
            context.createProducer().setProperty("color", "red").send(queue, "r");
            assertEquals("r", red.receiveBody(String.class, ARRIVES));
            assertEquals("color = 'red'", red.getMessageSelector());
        }
    }

    @Test
    void invalidSelectorIsInvalidSelectorRuntimeException() {
        try (JMSContext context = FACTORY.createContext()) {
            Queue queue = context.createQueue(Stores.unique("q"));
            assertThrows(InvalidSelectorRuntimeException.class, () -> context.createConsumer(queue, "=TEST 'x'"));
        }
    }
}
