package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoveTask.Status;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.sqs.testing.ElasticMq;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The client-side message move tasks (for a server without StartMessageMoveTask, as YMQ) run against
 * a real server, ElasticMQ: the mover class directly, the store's API to set up and check.
 */
class ClientMessageMovesTest {
    private QueueService service;
    private SqsClient client;
    private ServerQueues queues;
    private ClientMessageMoves moves;
    private String prefix;

    @BeforeEach
    void open() {
        service = QueueServices.open(ElasticMq.shared().storeUrl("cmove"));
        client = SqsClient.builder().endpointOverride(URI.create(ElasticMq.shared().endpoint()))
                .region(Region.of("elasticmq"))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x"))).build();
        queues = new ServerQueues(client);
        String probe = service.createQueue("probe", Map.of());
        String name = ServerQueues.name(probe);
        prefix = name.substring(0, name.length() - "probe".length());
        moves = new ClientMessageMoves(client, queues, new DeadLetterSources(client, queues, prefix));
    }

    @AfterEach
    void close() {
        moves.close();
        client.close();
        service.close();
    }

    /** Queue {@code name} whose messages go to {@code dlqUrl} after one receive. */
    private String redriven(String name, String dlqUrl) {
        String dlqArn = service.getQueueAttributes(dlqUrl, List.of("QueueArn")).get("QueueArn");
        return service.createQueue(name, Map.of("VisibilityTimeout", "0", "RedrivePolicy",
                "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":1}"));
    }

    /** Receives every message of {@code queueUrl} once, so that the next receive dead-letters them. */
    private void deadLetter(String queueUrl, int n) {
        int received = 0;
        for (int i = 0; i < 50 && received < n; i++) {
            received += service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10)).size();
        }
        assertEquals(List.of(), service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10)));
    }

    private List<ReceivedMessage> receiveAll(String queueUrl, int n) {
        List<ReceivedMessage> got = new ArrayList<>();
        for (int i = 0; i < 50 && got.size() < n; i++) {
            for (ReceivedMessage m : service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10)
                    .withVisibilityTimeout(30))) {
                got.add(m);
                service.deleteMessage(queueUrl, m.receiptHandle());
            }
        }
        return got;
    }

    private int depth(String queueUrl) {
        return Integer.parseInt(service.getQueueAttributes(queueUrl, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages"));
    }

    /** Polls {@code condition} for up to 20 s. */
    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + " within 20 s");
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    private MessageMoveTask finished(String dlq) {
        await("the task ends", () -> moves.list(dlq).get(0).status() != Status.RUNNING);
        return moves.list(dlq).get(0);
    }

    @Test
    void movedMessagesKeepTheirIdsBodiesAndAttributesAndLeaveTheDeadLetterQueue() {
        String dlq = service.createQueue("orders-dlq", Map.of());
        String orders = redriven("orders", dlq);
        Map<String, MessageAttributeValue> attributes = Map.of("kind", MessageAttributeValue.string("order"),
                "n", MessageAttributeValue.number("7"));
        String plainId = service.sendMessage(SendMessageRequest.of(orders, "plain").withAttributes(attributes))
                .messageId();
        StoreTransaction tx = service.extension(Transactions.class).orElseThrow().begin();
        String wharfId = tx.sendMessage(SendMessageRequest.of(orders, "in a transaction").withAttributes(attributes),
                null).messageId();
        tx.commit();
        deadLetter(orders, 2);

        moves.start(dlq, null, null);

        MessageMoveTask task = finished(dlq);
        assertEquals(List.of(Status.COMPLETED, 2L, 2L), List.of(task.status(),
                task.approximateNumberOfMessagesMoved(), task.approximateNumberOfMessagesToMove()));
        Map<String, ReceivedMessage> back = new HashMap<>();
        receiveAll(orders, 2).forEach(m -> back.put(m.body(), m));
        assertEquals(plainId, back.get("plain").messageId());
        assertEquals(wharfId, back.get("in a transaction").messageId());
        for (ReceivedMessage m : back.values()) {
            assertEquals(List.of(attributes, 1), List.of(m.messageAttributes(), m.receiveCount()));
        }
        assertEquals(0, depth(dlq));
    }

    @Test
    void aRateLimitMovesAtMostThatManyMessagesInEachSecond() {
        String dlq = service.createQueue("rate-dlq", Map.of());
        String retry = service.createQueue("rate-retry", Map.of());
        for (int i = 0; i < 6; i++) {
            service.sendMessage(SendMessageRequest.of(dlq, "m" + i));
        }

        moves.start(dlq, retry, 2);

        MessageMoveTask task = finished(dlq);
        assertEquals(List.of(Status.COMPLETED, 6L, 2), List.of(task.status(),
                task.approximateNumberOfMessagesMoved(), task.maxMessagesPerSecond()));
        List<Long> sent = receiveAll(retry, 6).stream().map(ReceivedMessage::sentTimestamp).sorted().toList();
        assertEquals(6, sent.size());
        // Two a second: the fifth and sixth were received two seconds after the first two.
        assertTrue(sent.get(5) - sent.get(0) >= 1_900, "sent at " + sent);
    }

    @Test
    void cancelStopsATaskAndLeavesTheRestInTheDeadLetterQueue() {
        String dlq = service.createQueue("cancel-dlq", Map.of());
        String retry = service.createQueue("cancel-retry", Map.of());
        for (int i = 0; i < 10; i++) {
            service.sendMessage(SendMessageRequest.of(dlq, "m" + i));
        }
        String handle = moves.start(dlq, retry, 1);
        await("a first message moves", () -> moves.list(dlq).get(0).approximateNumberOfMessagesMoved() >= 1);

        long moved = moves.cancel(handle);

        MessageMoveTask task = moves.list(dlq).get(0);
        assertEquals(List.of(Status.CANCELLED, moved), List.of(task.status(), task.approximateNumberOfMessagesMoved()));
        assertTrue(moved < 10, "moved " + moved);
        assertEquals(List.of(10 - (int) moved, (int) moved), List.of(depth(dlq), depth(retry)));
        QueueServiceException again = assertThrows(QueueServiceException.class, () -> moves.cancel(handle));
        assertTrue(again.getMessage().contains(handle), again.getMessage());
    }

    @Test
    void aMessageTheDestinationRefusesFailsTheTaskNamingItAndStaysInTheDeadLetterQueue() {
        // FIFO queues: a send there keeps the server's MessageId, without Wharf's attribute.
        String dlq = service.createQueue("refused-dlq.fifo", Map.of("FifoQueue", "true"));
        String retry = service.createQueue("refused-retry.fifo", Map.of("FifoQueue", "true"));
        Map<String, MessageAttributeValue> ten = new HashMap<>();
        for (int i = 0; i < 10; i++) {
            ten.put("a" + i, MessageAttributeValue.string("v"));
        }
        // Ten attributes leave no room for the one that keeps its MessageId.
        String id = service.sendMessage(new SendMessageRequest(dlq, "full", null, ten, "g", "d1")).messageId();

        moves.start(dlq, retry, null);

        MessageMoveTask task = finished(dlq);
        assertEquals(List.of(Status.FAILED, 0L), List.of(task.status(), task.approximateNumberOfMessagesMoved()));
        assertTrue(task.failureReason().contains(id) && task.failureReason().contains("refused-retry"),
                task.failureReason());
        assertEquals(List.of(1, 0), List.of(depth(dlq), depth(retry)));
    }

    @Test
    void aSecondTaskOnASourceIsRefusedNamingTheFirst() {
        String dlq = service.createQueue("two-dlq", Map.of());
        String retry = service.createQueue("two-retry", Map.of());
        for (int i = 0; i < 3; i++) {
            service.sendMessage(SendMessageRequest.of(dlq, "m" + i));
        }
        String first = moves.start(dlq, retry, 1);

        QueueServiceException e = assertThrows(QueueServiceException.class, () -> moves.start(dlq, retry, null));

        assertTrue(e.getMessage().contains(first) && e.getMessage().contains("two-dlq"), e.getMessage());
        assertEquals(List.of(first), moves.list(dlq).stream().map(MessageMoveTask::taskHandle).toList());
    }

    @Test
    void deadLetterSourcesAreFoundByTheirRedrivePolicies() {
        String dlq = service.createQueue("src-dlq", Map.of());
        String a = redriven("src-a", dlq);
        String b = redriven("src-b", dlq);
        service.createQueue("src-other", Map.of());

        List<String> found = new DeadLetterSources(client, queues, prefix).fromRedrivePolicies(dlq);

        assertEquals(List.of(a, b), found.stream().sorted().toList());
    }
}
