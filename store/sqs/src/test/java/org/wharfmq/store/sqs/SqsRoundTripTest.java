package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** The SQS backend against an embedded ElasticMQ: the paths the contract suite does not reach. */
class SqsRoundTripTest {
    private static ElasticMq server;

    @BeforeAll
    static void start() {
        server = ElasticMq.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void sendReceiveDeleteKeepsBodyAndAttributes() {
        try (QueueService s = QueueServices.open(server.storeUrl("rt"))) {
            String url = s.createQueue("orders", Map.of());
            s.sendMessage(SqsSend.of(url, "hello", Map.of("n", MessageAttributeValue.number("7"))));
            List<ReceivedMessage> got = s.receiveMessage(ReceiveMessageRequest.of(url, 10));
            assertEquals(1, got.size());
            assertEquals("hello", got.get(0).body());
            assertEquals(MessageAttributeValue.number("7"), got.get(0).messageAttributes().get("n"));
            assertEquals(1, got.get(0).receiveCount());
            s.deleteMessage(url, got.get(0).receiptHandle());
            assertEquals(List.of(), s.receiveMessage(ReceiveMessageRequest.of(url, 10)));
        }
    }

    @Test
    void listQueuesSeesOnlyThisStoresPrefix() {
        try (QueueService a = QueueServices.open(server.storeUrl("a"));
             QueueService b = QueueServices.open(server.storeUrl("b"))) {
            a.createQueue("q1", Map.of());
            b.createQueue("q2", Map.of());
            assertEquals(1, a.listQueues(null).size());
            assertTrue(a.listQueues(null).get(0).endsWith("-q1"), a.listQueues(null).toString());
            assertThrows(QueueServiceException.class, () -> a.getQueueUrl("q2"));
        }
    }

    @Test
    void aMissingQueueIsQueueDoesNotExist() {
        try (QueueService s = QueueServices.open(server.storeUrl("missing"))) {
            QueueServiceException e = assertThrows(QueueServiceException.class, () -> s.getQueueUrl("nope"));
            assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
        }
    }

    @Test
    void consumeTakesOneAndDeletesIt() {
        String store = server.storeUrl("consume");
        String url;
        try (QueueService s = QueueServices.open(store)) {
            url = s.createQueue("q", Map.of());
            for (int i = 0; i < 15; i++) {
                s.sendMessage(SendMessageRequest.of(url, "m" + i));
            }
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            for (int i = 0; i < 15; i++) {
                List<ReceivedMessage> got = f.consumeMessage(new ReceiveMessageRequest(url, 1, null, null, null),
                        5000, null, () -> false);
                assertEquals(1, got.size());
            }
        }
        // Closing sent the batched deletes.
        try (QueueService s = QueueServices.open(store)) {
            assertEquals("0", s.getQueueAttributes(url, List.of("ApproximateNumberOfMessagesNotVisible"))
                    .get("ApproximateNumberOfMessagesNotVisible"));
            assertEquals(List.of(), s.receiveMessage(ReceiveMessageRequest.of(url, 10)));
        }
    }

    @Test
    void aCancelledLongPollEndsAtOnceAndItsLateMessageIsKept() throws Exception {
        try (QueueService s = QueueServices.open(server.storeUrl("wake"))) {
            String url = s.createQueue("q", Map.of());
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            java.util.concurrent.atomic.AtomicBoolean cancelled = new java.util.concurrent.atomic.AtomicBoolean();
            java.util.concurrent.CompletableFuture<List<ReceivedMessage>> waiting =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> f.receiveMessage(
                            ReceiveMessageRequest.of(url, 1), 20_000, null, cancelled::get));
            while (!inLongPoll()) {
                Thread.onSpinWait();
            }
            cancelled.set(true);
            f.wakeUp(url);
            // Well within the 20 s poll: the receive returns without waiting for its request.
            assertEquals(List.of(), org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                    java.time.Duration.ofSeconds(5), () -> waiting.get()));
            s.sendMessage(SendMessageRequest.of(url, "late"));
            List<ReceivedMessage> got = f.receiveMessage(ReceiveMessageRequest.of(url, 1), 20_000, null, () -> false);
            assertEquals("late", got.get(0).body());
        }
    }

    /** True while some thread of this JVM reads a ReceiveMessage answer from its socket. */
    private static boolean inLongPoll() {
        return Thread.getAllStackTraces().values().stream().anyMatch(stack -> {
            String text = java.util.Arrays.toString(stack);
            return text.contains("receiveMessage") && text.contains("SocketInputStream");
        });
    }

    @Test
    void aFifoGroupGoesToNoSecondReceiverWhileOneOfItsMessagesIsInFlight() {
        try (QueueService s = QueueServices.open(server.storeUrl("fifo"))) {
            String url = s.createQueue("q.fifo", Map.of());
            s.sendMessage(SendMessageRequest.fifo(url, "a1", "a", "1"));
            s.sendMessage(SendMessageRequest.fifo(url, "a2", "a", "2"));
            s.sendMessage(SendMessageRequest.fifo(url, "b1", "b", "3"));
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            ReceiveMessageRequest one = new ReceiveMessageRequest(url, 1, null, null, null);

            ReceivedMessage a1 = f.receiveMessage(one, 5000, null, () -> false).get(0);
            assertEquals("a1", a1.body());
            assertEquals(List.of("b1"), f.receiveMessage(one, 5000, null, () -> false).stream()
                    .map(ReceivedMessage::body).toList());
            assertEquals(List.of(), f.receiveMessage(one, 300, null, () -> false));
            s.deleteMessage(url, a1.receiptHandle());
            assertEquals(List.of("a2"), f.receiveMessage(one, 5000, null, () -> false).stream()
                    .map(ReceivedMessage::body).toList());
        }
    }

    @Test
    void anUnreachableServerIsServiceUnavailable() {
        try (QueueService s = QueueServices.open("wharf:sqs:http://127.0.0.1:1?region=x&accessKeyId=a&secretAccessKey=b")) {
            QueueServiceException e = assertThrows(QueueServiceException.class, () -> s.listQueues(null));
            assertEquals(ErrorCodes.SERVICE_UNAVAILABLE, e.code());
        }
    }

    private static final class SqsSend {
        static SendMessageRequest of(String url, String body, Map<String, MessageAttributeValue> attributes) {
            return SendMessageRequest.of(url, body).withAttributes(attributes);
        }
    }
}
