package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.sqs.testing.ElasticMq;

/**
 * When a consumer empties what the store held of a standard queue, and the server's last answer
 * was a full batch, the store asks for the next batch before the consumer does. What it holds
 * goes back to the server when the store closes.
 */
class SqsReadAheadTest {
    @Test
    void theNextBatchIsFetchedBeforeTheConsumerAsksAndGivenBackAtClose() {
        String storeUrl = ElasticMq.shared().storeUrl("read-ahead");
        String url;
        Set<String> consumed = new HashSet<>();
        try (QueueService s = QueueServices.open(storeUrl)) {
            url = s.createQueue("q", Map.of());
            for (int batch = 0; batch < 3; batch++) {
                List<SendBatchEntry> entries = new ArrayList<>();
                for (int i = 0; i < (batch < 2 ? 10 : 5); i++) {
                    entries.add(new SendBatchEntry("e" + i, "m" + (batch * 10 + i), null, Map.of(), null, null));
                }
                assertEquals(entries.size(), s.sendMessageBatch(url, entries).successful().size());
            }
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            ReceiveMessageRequest ten = new ReceiveMessageRequest(url, 10, null, null, null);
            f.consumeMessage(ten, 5000, null, () -> false).forEach(m -> consumed.add(m.body()));
            assertEquals(10, consumed.size());

            // 10 consumed, 10 fetched ahead and held: 5 left visible on the server.
            long deadline = System.nanoTime() + 10_000_000_000L;
            String visible = null;
            while (System.nanoTime() < deadline && !"5".equals(visible)) {
                visible = s.getQueueAttributes(url, List.of("ApproximateNumberOfMessages")).get("ApproximateNumberOfMessages");
            }
            assertEquals("5", visible, "messages visible on the server before the consumer asks again");
        }
        try (QueueService s = QueueServices.open(storeUrl)) {
            List<String> rest = new ArrayList<>();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (rest.size() < 15 && System.nanoTime() < deadline) {
                for (ReceivedMessage m : s.receiveMessage(new ReceiveMessageRequest(url, 10, 30, 1, null))) {
                    rest.add(m.body());
                }
            }
            assertEquals(15, rest.size(), "the held messages went back at close: " + rest);
            assertTrue(rest.stream().noneMatch(consumed::contains), "none consumed came back");
            assertEquals(15, new HashSet<>(rest).size(), "each once");
        }
    }
}
