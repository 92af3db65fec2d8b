package org.wharfmq.store.sqs.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

    @Test
    void onlyOneRunsAtATime(@TempDir Path dir) {
        try (StoredElasticMq mq = StoredElasticMq.start(dir.resolve("a"))) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> StoredElasticMq.start(dir.resolve("b")));
            assertTrue(e.getMessage().contains(mq.endpoint()), e.getMessage());
        }
    }
}
