package org.wharfmq.jms.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * Spring's JmsTemplate sending and a DefaultMessageListenerContainer with transacted sessions
 * receiving, on the run's backend (the SQS backend in the sqs-backend run).
 */
class SpringTransactedListenerTest {

    @Test
    void listenerExceptionRollsBackAndTheMessageComesAgain() throws Exception {
        TestStores.assumeOffers("Transactions", "a transacted listener container");
        WharfConnectionFactory factory = new WharfConnectionFactory(TestStores.url("springtx"));
        String queue = "work-" + UUID.randomUUID().toString().substring(0, 8);
        JmsTemplate template = new JmsTemplate(factory);
        template.convertAndSend(queue, "fails once");
        template.convertAndSend(queue, "fine");

        List<String> deliveries = new CopyOnWriteArrayList<>();
        CountDownLatch handled = new CountDownLatch(2);
        DefaultMessageListenerContainer container = new DefaultMessageListenerContainer();
        container.setConnectionFactory(factory);
        container.setDestinationName(queue);
        container.setSessionTransacted(true);
        container.setReceiveTimeout(200);
        container.setMessageListener((MessageListener) message -> {
            try {
                String text = ((TextMessage) message).getText();
                deliveries.add(text + (message.getJMSRedelivered() ? " (redelivered)" : ""));
                if (text.equals("fails once") && !message.getJMSRedelivered()) {
                    throw new IllegalStateException("the listener refuses the first delivery");
                }
                handled.countDown();
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
        });
        container.afterPropertiesSet();
        container.start();
        try {
            assertTrue(handled.await(30, TimeUnit.SECONDS), "deliveries so far: " + deliveries);
        } finally {
            container.stop();
            container.shutdown();
        }

        assertEquals(List.of("fails once", "fails once (redelivered)"),
                deliveries.stream().filter(d -> d.startsWith("fails once")).toList());
        assertEquals(List.of("fine"), deliveries.stream().filter(d -> d.startsWith("fine")).toList());
        template.setReceiveTimeout(300);
        assertNull(template.receive(queue), "committed messages are gone from the queue");
    }
}
