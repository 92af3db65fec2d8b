package org.wharfmq.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazon.sqs.javamessaging.AmazonSQSExtendedClient;
import com.amazon.sqs.javamessaging.ExtendedClientConfiguration;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageResponse;

/**
 * Large bodies as AWS's Extended Client (amazon-sqs-java-extended-client-lib 2.1.2) keeps them, on
 * moto_server's SQS and S3: a 300 KiB text, over the queue's MaximumMessageSize of 256 KiB, crosses both ways.
 */
class ExtendedClientTest {
    private static final String LARGE = "0123456789abcdef".repeat(300 * 1024 / 16);
    private static SqsServer server;

    private S3Client s3;
    private SqsClient sqs;
    private AmazonSQSExtendedClient extended;
    private String bucket;
    private String queue;
    private String queueUrl;

    @BeforeAll
    static void start() {
        server = SqsServer.moto();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void open() {
        var credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x"));
        URI endpoint = URI.create(server.endpoint());
        s3 = S3Client.builder().endpointOverride(endpoint).forcePathStyle(true).region(Region.of(SqsServer.REGION))
                .credentialsProvider(credentials).build();
        sqs = SqsClient.builder().endpointOverride(endpoint).region(Region.of(SqsServer.REGION))
                .credentialsProvider(credentials).build();
        bucket = SqsServer.queueName("payloads");
        s3.createBucket(r -> r.bucket(bucket));
        extended = new AmazonSQSExtendedClient(sqs, new ExtendedClientConfiguration().withPayloadSupportEnabled(s3, bucket));
        queue = SqsServer.queueName("large");
        // 256 KiB, as on YMQ: moto's default is Amazon SQS's 1 MiB.
        queueUrl = sqs.createQueue(r -> r.queueName(queue).attributesWithStrings(
                Map.of("MaximumMessageSize", "262144"))).queueUrl();
    }

    @AfterEach
    void close() {
        extended.close();
        s3.close();
    }

    private WharfConnectionFactory wharf(String options) {
        return new WharfConnectionFactory(server.storeUrl("json", "&s3Bucket=" + bucket + "&s3Endpoint="
                + server.endpoint() + options));
    }

    private List<S3Object> objects() {
        return s3.listObjectsV2(r -> r.bucket(bucket)).contents();
    }

    /** The Extended Client's message, received by Wharf and acknowledged; the bucket as it is then. */
    private List<S3Object> sendFromExtendedAndAcknowledgeAtWharf(String options) throws JMSException {
        extended.sendMessage(r -> r.queueUrl(queueUrl).messageBody(LARGE));
        assertEquals(1, objects().size(), "the Extended Client's object");
        WharfConnectionFactory f = wharf(options);
        try (JMSContext c = f.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            Message m = c.createConsumer(c.createQueue(queue)).receive(15_000);
            assertEquals(LARGE, assertInstanceOf(TextMessage.class, m).getText());
            m.acknowledge();
        } finally {
            f.close();
        }
        return objects();
    }

    @Test
    void anExtendedClientLargeMessageReachesWharfWhole() throws JMSException {
        sendFromExtendedAndAcknowledgeAtWharf("");
    }

    @Test
    void wharfDeletesTheObjectWithItsMessage() throws JMSException {
        assertEquals(List.of(), sendFromExtendedAndAcknowledgeAtWharf(""));
    }

    @Test
    void withS3DeleteOffTheObjectStaysAfterItsMessage() throws JMSException {
        assertEquals(1, sendFromExtendedAndAcknowledgeAtWharf("&s3Delete=off").size());
    }

    @Test
    void aWharfLargeMessageReachesTheExtendedClientWhole() {
        WharfConnectionFactory f = wharf("");
        try (JMSContext c = f.createContext()) {
            c.createProducer().send(c.createQueue(queue), LARGE);
        } finally {
            f.close();
        }
        assertEquals(1, objects().size(), "Wharf's object");
        ReceiveMessageResponse got = extended.receiveMessage(r -> r.queueUrl(queueUrl).waitTimeSeconds(10));
        assertEquals(LARGE, got.messages().get(0).body());
        extended.deleteMessage(r -> r.queueUrl(queueUrl).receiptHandle(got.messages().get(0).receiptHandle()));
        assertEquals(List.of(), objects(), "the Extended Client deletes Wharf's object with its message");
    }

    @Test
    void aMessageWithinTheQueuesLimitStaysInTheQueue() {
        WharfConnectionFactory f = wharf("");
        try (JMSContext c = f.createContext()) {
            c.createProducer().send(c.createQueue(queue), "small");
        } finally {
            f.close();
        }
        assertTrue(objects().isEmpty(), "no object for a small message");
        assertEquals("small", sqs.receiveMessage(r -> r.queueUrl(queueUrl).waitTimeSeconds(10)).messages().get(0).body());
    }
}
