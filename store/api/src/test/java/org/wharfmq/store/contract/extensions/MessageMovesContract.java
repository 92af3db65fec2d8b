package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoveTask.Status;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/** Message move tasks take a dead-letter queue's messages back, keeping who they are, at the rate asked. */
public abstract class MessageMovesContract {
    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private MessageMoves moves;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(MessageMoves.class);
        service = QueueServices.open(backend().storeUrl("moves"), clock);
        moves = backend().capability(service, MessageMoves.class);
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    /** Queue {@code name} (visibility 0) whose messages go to {@code dlqUrl} after one receive. */
    private String redriven(String name, String dlqUrl) {
        String dlqArn = service.getQueueAttributes(dlqUrl, List.of("QueueArn")).get("QueueArn");
        return service.createQueue(name, Map.of("VisibilityTimeout", "0", "RedrivePolicy",
                "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":1}"));
    }

    /** Sends {@code requests}, receives each once and lets the next receive move them to the DLQ; returns their ids. */
    private List<String> deadLetter(String queueUrl, List<SendMessageRequest> requests) {
        List<String> ids = new ArrayList<>();
        for (SendMessageRequest r : requests) {
            ids.add(service.sendMessage(r).messageId());
        }
        int received = 0;
        while (received < requests.size()) {
            received += service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10)).size();
        }
        assertTrue(service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10)).isEmpty());
        return ids;
    }

    private List<String> bodies(String queueUrl, int n) {
        List<ReceivedMessage> got = receiveAll(queueUrl, n);
        return got.stream().map(ReceivedMessage::body).toList();
    }

    private List<ReceivedMessage> receiveAll(String queueUrl, int n) {
        List<ReceivedMessage> got = new ArrayList<>();
        for (int i = 0; i < 3 * n && got.size() < n; i++) {
            for (ReceivedMessage m : service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10)
                    .withVisibilityTimeout(30))) {
                got.add(m);
                service.deleteMessage(queueUrl, m.receiptHandle());
            }
        }
        return got;
    }

    /**
     * Starts a task without a rate and waits, polling with a deadline, until it is no longer RUNNING
     * (a server runs it by its own clock); returns its handle.
     */
    private String moveAll(String sourceUrl, String destinationUrl) {
        String handle = moves.startMessageMoveTask(sourceUrl, destinationUrl, null);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (moves.listMessageMoveTasks(sourceUrl).get(0).status() == Status.RUNNING) {
            assertTrue(System.nanoTime() < deadline, "task " + handle + " still RUNNING after 10 s");
        }
        return handle;
    }

    /** {@code values} as they are, or sorted where the backend does not keep a standard queue's send order. */
    private List<String> inOrder(List<String> values) {
        return backend().difference(Rules.STANDARD_QUEUE_ORDER).isEmpty() ? values
                : values.stream().sorted().toList();
    }

    private MessageMoveTask only(String sourceUrl) {
        List<MessageMoveTask> tasks = moves.listMessageMoveTasks(sourceUrl);
        assertEquals(1, tasks.size(), tasks.toString());
        return tasks.get(0);
    }

    private int depth(String queueUrl) {
        return Integer.parseInt(service.getQueueAttributes(queueUrl, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages"));
    }

    @Test
    void messagesGoBackToTheirSourceKeepingTheirMessageIds() {
        String dlq = service.createQueue("orders-dlq", Map.of());
        String orders = redriven("orders", dlq);
        List<String> ids = deadLetter(orders, List.of(SendMessageRequest.of(orders, "a"),
                SendMessageRequest.of(orders, "b"), SendMessageRequest.of(orders, "c")));

        moveAll(dlq, null);

        MessageMoveTask task = only(dlq);
        assertEquals(List.of(Status.COMPLETED, 3L), List.of(task.status(), task.approximateNumberOfMessagesMoved()));
        if (backend().difference(Rules.MOVE_TASK_COUNTS).isEmpty()) {
            assertEquals(3L, task.approximateNumberOfMessagesToMove());
        }
        assertNull(task.destinationQueueUrl());
        List<ReceivedMessage> back = receiveAll(orders, 3);
        assertEquals(inOrder(ids), inOrder(back.stream().map(ReceivedMessage::messageId).toList()));
        assertEquals(List.of("a", "b", "c"), inOrder(back.stream().map(ReceivedMessage::body).toList()));
        assertEquals(List.of(1, 1, 1), back.stream().map(ReceivedMessage::receiveCount).toList());
        assertEquals(0, depth(dlq));
    }

    @Test
    void messagesGoToANamedDestination() {
        String dlq = service.createQueue("named-dlq", Map.of());
        String orders = redriven("named", dlq);
        String retry = service.createQueue("retry", Map.of());
        List<String> ids = deadLetter(orders, List.of(SendMessageRequest.of(orders, "a"),
                SendMessageRequest.of(orders, "b")));

        moveAll(dlq, retry);

        assertEquals(retry, only(dlq).destinationQueueUrl());
        assertEquals(inOrder(ids), inOrder(receiveAll(retry, 2).stream().map(ReceivedMessage::messageId).toList()));
        assertEquals(0, depth(orders));
    }

    @Test
    void fifoMessagesKeepTheirGroupsOrderAndDeduplicationIds() {
        backend().differs(Rules.FIFO_MOVE_TASKS);
        String dlq = service.createQueue("fifo-dlq.fifo", Map.of());
        String orders = redriven("fifo.fifo", dlq);
        List<SendMessageRequest> sends = new ArrayList<>();
        for (String b : List.of("g1-1", "g2-1", "g1-2", "g2-2", "g1-3")) {
            sends.add(SendMessageRequest.fifo(orders, b, b.substring(0, 2), "d-" + b));
        }
        deadLetter(orders, sends);

        moveAll(dlq, null);

        List<ReceivedMessage> back = receiveAll(orders, 5);
        assertEquals(List.of("g1-1", "g1-2", "g1-3"), back.stream().map(ReceivedMessage::body)
                .filter(b -> b.startsWith("g1")).toList());
        assertEquals(List.of("g2-1", "g2-2"), back.stream().map(ReceivedMessage::body)
                .filter(b -> b.startsWith("g2")).toList());
        for (ReceivedMessage m : back) {
            assertEquals(List.of(m.body().substring(0, 2), "d-" + m.body()),
                    List.of(m.messageGroupId(), m.messageDeduplicationId()));
        }
    }

    @Test
    void aRateLimitMovesThatManyMessagesInEachSecond() {
        backend().differs(Rules.SERVER_CLOCK);
        String dlq = service.createQueue("rate-dlq", Map.of());
        String orders = redriven("rate", dlq);
        List<SendMessageRequest> sends = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sends.add(SendMessageRequest.of(orders, "m" + i));
        }
        deadLetter(orders, sends);

        moves.startMessageMoveTask(dlq, null, 2);
        MessageMoveTask started = only(dlq);
        assertEquals(List.of(Status.RUNNING, 2L), List.of(started.status(), started.approximateNumberOfMessagesMoved()));
        clock.advanceSeconds(1);
        assertEquals(4L, only(dlq).approximateNumberOfMessagesMoved());
        clock.advanceSeconds(1);

        MessageMoveTask done = only(dlq);
        assertEquals(List.of(Status.COMPLETED, 5L, 5L, 2), List.of(done.status(),
                done.approximateNumberOfMessagesMoved(), done.approximateNumberOfMessagesToMove(),
                done.maxMessagesPerSecond()));
        assertEquals(List.of("m0", "m1", "m2", "m3", "m4"), bodies(orders, 5));
    }

    @Test
    void cancelStopsATaskAndTellsHowManyItMoved() {
        backend().differs(Rules.SERVER_CLOCK);
        String dlq = service.createQueue("cancel-dlq", Map.of());
        String orders = redriven("cancel", dlq);
        List<SendMessageRequest> sends = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sends.add(SendMessageRequest.of(orders, "m" + i));
        }
        deadLetter(orders, sends);
        String handle = moves.startMessageMoveTask(dlq, null, 2);

        assertEquals(2, moves.cancelMessageMoveTask(handle));
        clock.advanceSeconds(10);

        MessageMoveTask task = only(dlq);
        assertEquals(List.of(handle, Status.CANCELLED, 2L), List.of(task.taskHandle(), task.status(),
                task.approximateNumberOfMessagesMoved()));
        assertEquals(3, depth(dlq));
        QueueServiceException again = assertThrows(QueueServiceException.class,
                () -> moves.cancelMessageMoveTask(handle));
        assertTrue(again.getMessage().contains(handle), again.getMessage());
    }

    @Test
    void tasksAreListedNewestFirstAndAMessageWithoutSourceFailsItsTask() {
        backend().differs(Rules.MOVE_TASK_SOURCES);
        String dlq = service.createQueue("list-dlq", Map.of());
        String orders = redriven("list", dlq);
        deadLetter(orders, List.of(SendMessageRequest.of(orders, "a")));
        String first = moveAll(dlq, null);
        String direct = service.sendMessage(SendMessageRequest.of(dlq, "sent straight to the DLQ")).messageId();

        String second = moveAll(dlq, null);

        List<MessageMoveTask> tasks = moves.listMessageMoveTasks(dlq);
        assertEquals(List.of(second, first), tasks.stream().map(MessageMoveTask::taskHandle).toList());
        assertEquals(List.of(Status.FAILED, Status.COMPLETED), tasks.stream().map(MessageMoveTask::status).toList());
        assertTrue(tasks.get(0).failureReason().contains(direct), tasks.get(0).failureReason());
        assertEquals(1, depth(dlq));
    }

    @Test
    void badInputFailsNamingTheValueAndStartsNothing() {
        String dlq = service.createQueue("bad-dlq", Map.of());
        String orders = redriven("bad", dlq);
        String plain = service.createQueue("bad-plain", Map.of());
        String fifo = service.createQueue("bad-other.fifo", Map.of());
        deadLetter(orders, List.of(SendMessageRequest.of(orders, "a")));
        String unknown = orders.substring(0, orders.lastIndexOf('/') + 1) + "no-such-dlq";

        assertRefused("no-such-dlq", () -> moves.startMessageMoveTask(unknown, null, null));
        assertRefused("no-such-dlq", () -> moves.startMessageMoveTask(dlq, unknown, null));
        assertRefused("bad-plain", () -> moves.startMessageMoveTask(plain, null, null));
        assertRefused("bad-other.fifo", () -> moves.startMessageMoveTask(dlq, fifo, null));
        assertRefused("MaxNumberOfMessagesPerSecond 0 ", () -> moves.startMessageMoveTask(dlq, null, 0));
        assertRefused("MaxNumberOfMessagesPerSecond 501 ", () -> moves.startMessageMoveTask(dlq, null, 501));

        assertEquals(List.of(), moves.listMessageMoveTasks(dlq));
        assertEquals(1, depth(dlq));
    }

    private static void assertRefused(String named, Runnable start) {
        QueueServiceException e = assertThrows(QueueServiceException.class, start::run);
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }
}
