package org.wharfmq.jms.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.testing.TestStores;

/** Spring's JmsTemplate and a transacted DefaultMessageListenerContainer on a FIFO queue. */
class SpringFifoTest {

    @Test
    void transactedListenerContainerKeepsEveryGroupInOrderAndLosesNothing() throws Exception {
        TestStores.assumeOffers("Transactions", "a transacted listener container");
        WharfConnectionFactory factory = new WharfConnectionFactory(TestStores.url("spring"));
        WharfQueue queue = new WharfQueue("orders.fifo", Map.of("ContentBasedDeduplication", "true"));
        int groups = 5;
        int perGroup = 40;

        JmsTemplate template = new JmsTemplate(factory);
        for (int i = 0; i < perGroup; i++) {
            for (int g = 0; g < groups; g++) {
                String group = "g" + g;
                String body = group + ":" + i;
                template.send(queue, session -> {
                    TextMessage m = session.createTextMessage(body);
                    m.setStringProperty("JMSXGroupID", group);
                    return m;
                });
            }
        }

        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        CountDownLatch all = new CountDownLatch(groups * perGroup);
        DefaultMessageListenerContainer container = new DefaultMessageListenerContainer();
        container.setConnectionFactory(factory);
        container.setDestination(queue);
        container.setSessionTransacted(true);
        container.setConcurrentConsumers(4);
        container.setReceiveTimeout(200);
        container.setMessageListener((jakarta.jms.MessageListener) message -> {
            try {
                String[] parts = ((TextMessage) message).getText().split(":");
                seen.computeIfAbsent(parts[0], k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                        .add(Integer.parseInt(parts[1]));
                all.countDown();
            } catch (jakarta.jms.JMSException e) {
                throw new IllegalStateException(e);
            }
        });
        container.afterPropertiesSet();
        container.start();
        try {
            assertTrue(all.await(60, TimeUnit.SECONDS), "messages left: " + all.getCount());
        } finally {
            container.stop();
            container.shutdown();
        }
        assertEquals(groups, seen.size());
        for (Map.Entry<String, List<Integer>> e : seen.entrySet()) {
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < perGroup; i++) {
                expected.add(i);
            }
            assertEquals(expected, e.getValue(), "order of group " + e.getKey());
        }
    }
}
