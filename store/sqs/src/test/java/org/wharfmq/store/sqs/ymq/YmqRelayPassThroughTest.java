package org.wharfmq.store.sqs.ymq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.YmqRelay;

/** Ordinary calls go through the relay to ElasticMQ and back, with queue URLs of the relay. */
class YmqRelayPassThroughTest {
    private static YmqRelay relay;
    private static RawSqs sqs;

    @BeforeAll
    static void start() {
        relay = YmqRelay.start(ElasticMq.shared());
        sqs = new RawSqs(relay.endpoint());
    }

    @AfterAll
    static void stop() {
        relay.close();
    }

    private static String name(String suffix) {
        return "pass" + UUID.randomUUID().toString().substring(0, 8) + suffix;
    }

    @Test
    void createSendReceiveDeleteOnAStandardQueue() {
        String url = sqs.query("CreateQueue", "QueueName", name("-std")).first("QueueUrl");
        assertEquals(200, sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "hello").status());

        RawSqs.Answer received = sqs.query("ReceiveMessage", "QueueUrl", url, "MaxNumberOfMessages", "10");
        assertEquals(List.of("hello"), received.all("Body"));
        assertEquals(200, sqs.query("DeleteMessage", "QueueUrl", url,
                "ReceiptHandle", received.first("ReceiptHandle")).status());
        assertEquals(List.of(), sqs.query("ReceiveMessage", "QueueUrl", url, "VisibilityTimeout", "0").all("Body"));
        assertEquals(200, sqs.query("DeleteQueue", "QueueUrl", url).status());
    }

    @Test
    void createSendReceiveDeleteOnAFifoQueue() {
        String url = sqs.query("CreateQueue", "QueueName", name(".fifo"),
                "Attribute.1.Name", "FifoQueue", "Attribute.1.Value", "true").first("QueueUrl");
        for (String body : List.of("first", "second")) {
            assertEquals(200, sqs.query("SendMessage", "QueueUrl", url, "MessageBody", body,
                    "MessageGroupId", "g", "MessageDeduplicationId", body).status());
        }

        RawSqs.Answer first = sqs.query("ReceiveMessage", "QueueUrl", url);
        assertEquals(List.of("first"), first.all("Body"));
        assertEquals(200, sqs.query("DeleteMessage", "QueueUrl", url, "ReceiptHandle", first.first("ReceiptHandle")).status());
        assertEquals(List.of("second"), sqs.query("ReceiveMessage", "QueueUrl", url).all("Body"));
    }

    @Test
    void queueUrlsInAnswersPointAtTheRelay() {
        String name = name("-urls");
        String created = sqs.query("CreateQueue", "QueueName", name).first("QueueUrl");

        assertEquals(relay.endpoint() + "/000000000000/" + name, created);
        assertEquals(created, sqs.query("GetQueueUrl", "QueueName", name).first("QueueUrl"));
        assertEquals(List.of(created), sqs.query("ListQueues", "QueueNamePrefix", name).all("QueueUrl"));
    }

    @Test
    void aQueueNamedByTheRequestPathIsReached() {
        String name = name("-path");
        sqs.query("CreateQueue", "QueueName", name);

        assertEquals(200, sqs.queryAt("/000000000000/" + name, "SendMessage", "MessageBody", "by path").status());
        String url = sqs.query("GetQueueUrl", "QueueName", name).first("QueueUrl");
        assertEquals(List.of("by path"), sqs.query("ReceiveMessage", "QueueUrl", url).all("Body"));
    }

    @Test
    void errorsOfElasticMqComeBackAsTheyAre() {
        RawSqs.Answer missing = sqs.query("GetQueueUrl", "QueueName", name("-none"));

        assertEquals(400, missing.status());
        assertEquals("AWS.SimpleQueueService.NonExistentQueue", missing.first("Code"));
    }

    @Test
    void storeUrlNamesTheRelayYmqsRegionAndTheQueryProtocol() {
        String url = relay.storeUrl("pass!");

        assertTrue(url.startsWith("wharf:sqs:" + relay.endpoint() + "?region=ru-central1&accessKeyId=x"
                + "&secretAccessKey=x&protocol=query&pace=ymq&prefix=pass"), url);
        assertTrue(url.matches(".*&prefix=pass[0-9a-f]{8}-"), url);
    }

    @Test
    void theSharedRelayIsOneForTheRunOverTheSharedElasticMq() {
        YmqRelay shared = YmqRelay.shared();
        String name = name("-shared");
        String url = new RawSqs(shared.endpoint()).query("CreateQueue", "QueueName", name).first("QueueUrl");

        assertSame(shared, YmqRelay.shared());
        assertTrue(url.startsWith(shared.endpoint()), url);
        assertEquals(200, new RawSqs(ElasticMq.shared().endpoint()).query("GetQueueUrl", "QueueName", name).status());
    }

    @Test
    void optionsNameTheBadValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> YmqRelay.Options.defaults().rates(300, 0));

        assertEquals("fifoPerSecond is 0: it must be at least 1", e.getMessage());
    }
}
