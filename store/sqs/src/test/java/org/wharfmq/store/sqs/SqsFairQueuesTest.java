package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.FairQueues;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** A standard queue takes a MessageGroupId, as SQS's fair queues do, and the receive shows it. */
class SqsFairQueuesTest {

    @Test
    void aStandardQueuesMessageKeepsItsGroupId() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("fair"))) {
            assertTrue(s.extension(FairQueues.class).isPresent());
            String url = s.createQueue("tenants", Map.of());

            s.sendMessage(new SendMessageRequest(url, "one", null, null, "tenant-a", null));
            s.sendMessageBatch(url, List.of(new SendBatchEntry("b", "two", null, null, "tenant-b", null),
                    SendBatchEntry.of("c", "three")));

            List<ReceivedMessage> got = new java.util.ArrayList<>();
            for (int i = 0; i < 30 && got.size() < 3; i++) {
                got.addAll(s.receiveMessage(ReceiveMessageRequest.of(url, 10)));
            }
            got.sort(Comparator.comparing(ReceivedMessage::body));
            assertEquals(List.of("one", "three", "two"), got.stream().map(ReceivedMessage::body).toList());
            assertEquals(java.util.Arrays.asList("tenant-a", null, "tenant-b"),
                    got.stream().map(ReceivedMessage::messageGroupId).toList());
        }
    }
}
