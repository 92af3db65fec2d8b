package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** The order in which a store hands out the messages of a standard queue it holds. */
class SqsReceiveOrderTest {
    @Test
    void messagesAFilterPassedOverComeBackInSendOrder() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("order"))) {
            String url = s.createQueue("q", Map.of());
            String last = null;
            for (int i = 1; i <= 6; i++) {
                last = s.sendMessage(SendMessageRequest.of(url, "m" + i)).messageId();
                // The next send gets a later SentTimestamp: the server shares this clock.
                long sent = System.currentTimeMillis();
                while (System.currentTimeMillis() == sent) {
                    Thread.onSpinWait();
                }
            }
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            ReceiveMessageRequest one = new ReceiveMessageRequest(url, 1, null, null, null);
            String m6 = last;
            assertEquals("m6", f.receiveMessage(one, 5000, m -> m.messageId().equals(m6), () -> false).get(0).body());
            // The five passed over go back to the server together, all visible from the same instant.
            while (!"5".equals(s.getQueueAttributes(url, List.of("ApproximateNumberOfMessages"))
                    .get("ApproximateNumberOfMessages"))) {
                Thread.onSpinWait();
            }
            List<String> order = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                order.add(f.consumeMessage(one, 5000, null, () -> false).get(0).body());
            }
            assertEquals(List.of("m1", "m2", "m3", "m4", "m5"), order);
        }
    }

    @Test
    void theMessagesOfOneCommitComeOutInSendOrder() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("commit"))) {
            String url = s.createQueue("q", Map.of());
            // One SendMessageBatch: the server gives all ten the same SentTimestamp.
            StoreTransaction tx = s.extension(Transactions.class).orElseThrow().begin();
            List<String> sent = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                tx.sendMessage(SendMessageRequest.of(url, "m" + i), null);
                sent.add("m" + i);
            }
            tx.commit();
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            ReceiveMessageRequest one = new ReceiveMessageRequest(url, 1, null, null, null);
            List<String> order = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                order.add(f.consumeMessage(one, 5000, null, () -> false).get(0).body());
            }
            assertEquals(sent, order);
        }
    }

    @Test
    void theMessagesOfOnePlainBatchComeOutInSendOrder() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("batch"))) {
            String url = s.createQueue("q", Map.of());
            List<SendBatchEntry> batch = new ArrayList<>();
            List<String> sent = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                batch.add(new SendBatchEntry("e" + i, "m" + i, null, Map.of(), null, null));
                sent.add("m" + i);
            }
            BatchResult<SendResult> result = s.sendMessageBatch(url, batch);
            assertEquals(10, result.successful().size());
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            ReceiveMessageRequest one = new ReceiveMessageRequest(url, 1, null, null, null);
            List<String> order = new ArrayList<>();
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                ReceivedMessage m = f.consumeMessage(one, 5000, null, () -> false).get(0);
                order.add(m.body());
                ids.add(m.messageId());
            }
            assertEquals(sent, order);
            Map<String, String> idOfEntry = new HashMap<>();
            result.successful().forEach(r -> idOfEntry.put(r.id(), r.messageId()));
            assertEquals(batch.stream().map(e -> idOfEntry.get(e.id())).toList(), ids);
        }
    }
}
