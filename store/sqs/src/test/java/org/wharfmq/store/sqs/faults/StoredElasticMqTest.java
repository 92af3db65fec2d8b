package org.wharfmq.store.sqs.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.StoredElasticMq;

/** A stored ElasticMQ goes away and comes back on its port with its queues and messages; the relay keeps its port. */
class StoredElasticMqTest {

    @Test
    void aRestartKeepsQueuesVisibleMessagesAndInFlightOnes(@TempDir Path dir) throws Exception {
        try (StoredElasticMq mq = StoredElasticMq.start(dir); FaultRelay relay = FaultRelay.start(mq.endpoint())) {
            RawCalls sqs = new RawCalls(relay.endpoint());
            String queueUrl = sqs.createQueue("stored");
            sqs.send(queueUrl, "in-flight");
            RawCalls.Answer taken = sqs.receiveAnswer(queueUrl);
            assertEquals(List.of("in-flight"), taken.all("Body"));
            sqs.send(queueUrl, "waiting");

            mq.stop();
            assertFalse(mq.running());
            assertThrows(IOException.class, () -> sqs.receive(queueUrl));
            assertEquals(1, relay.turnedAway());
            mq.resume();

            assertEquals(queueUrl, sqs.json("GetQueueUrl", "{\"QueueName\":\"stored\"}").first("QueueUrl"));
            assertEquals(List.of("waiting"), sqs.receive(queueUrl), "the in-flight message stays hidden");
            assertEquals(200, sqs.json("DeleteMessage", "{\"QueueUrl\":\"" + queueUrl + "\",\"ReceiptHandle\":\""
                    + taken.first("ReceiptHandle") + "\"}").status(), "its receipt handle still works");
        }
    }

    /**
     * ElasticMQ's storage once died under this load (a receipt appended while it was being stored)
     * and stored nothing afterwards: a message sent after it was gone after the restart.
     */
    @Test
    void messagesGivenBackAndReceivedAgainAtOnceLeaveTheStorageWorking(@TempDir Path dir) throws Exception {
        try (StoredElasticMq mq = StoredElasticMq.start(dir)) {
            String url = "wharf:sqs:" + mq.endpoint() + "?region=elasticmq&accessKeyId=x&secretAccessKey=x&protocol="
                    + ElasticMq.PROTOCOL;
            try (QueueService store = QueueServices.open(url)) {
                String q = store.createQueue("churn", Map.of());
                for (int i = 0; i < 20; i++) {
                    store.sendMessage(SendMessageRequest.of(q, "m" + i));
                }
                ExecutorService threads = Executors.newFixedThreadPool(8);
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                List<Future<?>> churn = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    churn.add(threads.submit(() -> {
                        while (System.nanoTime() < until) {
                            for (ReceivedMessage m : store.receiveMessage(new ReceiveMessageRequest(q, 10, 30, 0, null))) {
                                store.changeMessageVisibility(q, m.receiptHandle(), 0);
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : churn) {
                    f.get();
                }
                threads.shutdown();
                store.sendMessage(SendMessageRequest.of(q, "after the churn"));
            }
            mq.stop();
            mq.resume();
            try (QueueService store = QueueServices.open(url)) {
                String q = store.getQueueUrl("churn");
                assertEquals("21", store.getQueueAttributes(q, List.of("ApproximateNumberOfMessages"))
                        .get("ApproximateNumberOfMessages"));
            }
        }
    }

    @Test
    void onlyOneRunsAtATime(@TempDir Path dir) {
        try (StoredElasticMq mq = StoredElasticMq.start(dir.resolve("a"))) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> StoredElasticMq.start(dir.resolve("b")));
            assertTrue(e.getMessage().contains(mq.endpoint()), e.getMessage());
        }
    }
}
