package org.wharfmq.store.sqs.ymq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.YmqRelay;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SqsException;

/** Rule 6 of {@link YmqRelay}: calls per second and messages in flight per queue. */
class YmqRelayLimitsTest {
    private final StepClock clock = new StepClock();

    private static String queue(RawSqs sqs, boolean fifo) {
        String name = "lim" + UUID.randomUUID().toString().substring(0, 8) + (fifo ? ".fifo" : "");
        return fifo ? sqs.query("CreateQueue", "QueueName", name, "Attribute.1.Name", "FifoQueue",
                "Attribute.1.Value", "true").first("QueueUrl") : sqs.query("CreateQueue", "QueueName", name).first("QueueUrl");
    }

    private static int send(RawSqs sqs, String url, int i) {
        return sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "m" + i, "MessageGroupId", "g",
                "MessageDeduplicationId", "d" + i).status();
    }

    @Test
    void aFifoQueueTakes30SendsASecond() {
        try (YmqRelay relay = YmqRelay.start(ElasticMq.shared(), YmqRelay.Options.defaults().clock(clock))) {
            RawSqs sqs = new RawSqs(relay.endpoint());
            String url = queue(sqs, true);
            for (int i = 0; i < 30; i++) {
                assertEquals(200, send(sqs, url, i), "send " + i);
            }

            RawSqs.Answer throttled = sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "over",
                    "MessageGroupId", "g", "MessageDeduplicationId", "over");
            assertEquals(403, throttled.status());
            assertEquals("ThrottlingException", throttled.first("Code"));
            assertEquals(200, sqs.query("ReceiveMessage", "QueueUrl", url).status(), "receives are counted apart");
            clock.advance(Duration.ofSeconds(1));
            assertEquals(200, send(sqs, url, 30));
        }
    }

    @Test
    void aStandardQueueTakes300SendsASecond() {
        try (YmqRelay relay = YmqRelay.start(ElasticMq.shared(), YmqRelay.Options.defaults().clock(clock))) {
            RawSqs sqs = new RawSqs(relay.endpoint());
            String url = queue(sqs, false);
            for (int i = 0; i < 300; i++) {
                assertEquals(200, sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "m").status(), "send " + i);
            }

            assertEquals(403, sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "over").status());
        }
    }

    @Test
    void rateLimitsCanBeTurnedOff() {
        try (YmqRelay relay = YmqRelay.start(ElasticMq.shared(),
                YmqRelay.Options.defaults().clock(clock).rateLimits(false))) {
            RawSqs sqs = new RawSqs(relay.endpoint());
            String url = queue(sqs, true);
            for (int i = 0; i < 40; i++) {
                assertEquals(200, send(sqs, url, i), "send " + i);
            }
        }
    }

    @Test
    void receiveAtTheInFlightLimitIsOverLimit() {
        try (YmqRelay relay = YmqRelay.start(ElasticMq.shared(), YmqRelay.Options.defaults().inFlight(2, 2))) {
            RawSqs sqs = new RawSqs(relay.endpoint());
            String url = queue(sqs, false);
            for (int i = 0; i < 3; i++) {
                sqs.query("SendMessage", "QueueUrl", url, "MessageBody", "m" + i);
            }

            assertEquals(2, sqs.query("ReceiveMessage", "QueueUrl", url, "MaxNumberOfMessages", "10").all("Body").size());
            RawSqs.Answer over = sqs.query("ReceiveMessage", "QueueUrl", url, "MaxNumberOfMessages", "10");
            assertEquals(403, over.status());
            assertEquals("OverLimit", over.first("Code"));
        }
    }

    @Test
    void theAwsSdkTakesTheRefusalAsThrottling() {
        try (YmqRelay relay = YmqRelay.start(ElasticMq.shared(),
                YmqRelay.Options.defaults().clock(clock).acceptJson(true).rates(1, 1));
             SqsClient client = SqsClient.builder().endpointOverride(URI.create(relay.endpoint()))
                     .region(Region.of("ru-central1"))
                     .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
                     .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry())).build()) {
            String url = client.createQueue(r -> r.queueName("lim" + UUID.randomUUID().toString().substring(0, 8)))
                    .queueUrl();
            assertTrue(url.startsWith(relay.endpoint()), url);
            client.sendMessage(r -> r.queueUrl(url).messageBody("one"));

            SqsException e = assertThrows(SqsException.class, () -> client.sendMessage(r -> r.queueUrl(url).messageBody("two")));
            assertEquals(403, e.statusCode());
            assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
            assertTrue(e.isThrottlingException());
        }
    }
}
