package org.wharfmq.store.contract.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.testing.ManualClock;

/**
 * Two live stores opened on one URL, as two processes would open it: each sees the other's queues
 * and messages, and the model's rules hold across both. Both share one manual clock, as two
 * processes share the wall clock.
 */
public abstract class SharedStoreContract {
    private final ManualClock clock = new ManualClock();
    private QueueService a;
    private QueueService b;
    private ExecutorService pool;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeSharedStores();
        String url = backend().storeUrl("shared");
        a = QueueServices.open(url, clock);
        b = QueueServices.open(url, clock);
    }

    @AfterEach
    void close() throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
        if (a != null) {
            a.close();
        }
        if (b != null) {
            b.close();
        }
    }

    @Test
    void aQueueCreatedInOneStoreIsSeenAndChangedInTheOther() {
        String url = a.createQueue("orders", Map.of());
        assertEquals(List.of(url), b.listQueues(null));
        b.setQueueAttributes(url, Map.of("VisibilityTimeout", "45"));
        assertEquals("45", a.getQueueAttributes(url, List.of("VisibilityTimeout")).get("VisibilityTimeout"));
    }

    @Test
    void aSendFollowsAttributesTheOtherStoreChanged() {
        String url = a.createQueue("sized", Map.of());
        a.sendMessage(SendMessageRequest.of(url, "small"));
        b.setQueueAttributes(url, Map.of("MaximumMessageSize", "1024", "DelaySeconds", "900"));

        QueueServiceException e = org.junit.jupiter.api.Assertions.assertThrows(QueueServiceException.class,
                () -> a.sendMessage(SendMessageRequest.of(url, "x".repeat(2000))));
        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        a.sendMessage(SendMessageRequest.of(url, "delayed"));
        assertEquals(List.of("small"), bodies(b.receiveMessage(ReceiveMessageRequest.of(url, 10))),
                "the send after the change took the queue's new DelaySeconds");
    }

    @Test
    void aSendAfterTheOtherStoreDeletedAndMadeTheQueueAgainReachesTheNewQueue() {
        String url = a.createQueue("again", Map.of());
        a.sendMessage(SendMessageRequest.of(url, "to the first"));
        b.deleteQueue(url);
        clock.advanceSeconds(61);
        assertEquals(url, b.createQueue("again", Map.of()));

        a.sendMessage(SendMessageRequest.of(url, "to the second"));
        assertEquals(List.of("to the second"), bodies(b.receiveMessage(ReceiveMessageRequest.of(url, 10))));
    }

    private static List<String> bodies(List<ReceivedMessage> messages) {
        return messages.stream().map(ReceivedMessage::body).toList();
    }

    @Test
    void concurrentReceivesInBothStoresDeliverEachMessageOnce() throws Exception {
        String url = a.createQueue("work", Map.of());
        int total = 300;
        for (int i = 0; i < total; i++) {
            (i % 2 == 0 ? a : b).sendMessage(SendMessageRequest.of(url, "m" + i));
        }
        Map<String, Integer> seen = new ConcurrentHashMap<>();
        pool = Executors.newFixedThreadPool(4);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            QueueService store = t % 2 == 0 ? a : b;
            workers.add(pool.submit(() -> {
                while (true) {
                    List<ReceivedMessage> got = store.receiveMessage(
                            ReceiveMessageRequest.of(url, 10).withVisibilityTimeout(3600));
                    if (got.isEmpty()) {
                        return null;
                    }
                    for (ReceivedMessage m : got) {
                        seen.merge(m.body(), 1, Integer::sum);
                        store.deleteMessage(url, m.receiptHandle());
                    }
                }
            }));
        }
        for (Future<?> w : workers) {
            w.get(120, TimeUnit.SECONDS);
        }
        assertEquals(total, seen.size(), "every message was received");
        assertTrue(seen.values().stream().allMatch(n -> n == 1), "no message was received twice: " + seen);
    }

    @Test
    void aFifoGroupHasOneMessageInFlightAcrossBothStoresAndKeepsItsOrder() {
        String url = a.createQueue("orders.fifo", Map.of("ContentBasedDeduplication", "true"));
        for (int i = 0; i < 6; i++) {
            (i % 2 == 0 ? a : b).sendMessage(SendMessageRequest.fifo(url, "g-" + i, "g", null));
        }
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            QueueService mine = i % 2 == 0 ? a : b;
            QueueService other = i % 2 == 0 ? b : a;
            ReceivedMessage m = mine.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
            assertEquals(List.of(), other.receiveMessage(ReceiveMessageRequest.of(url, 10)),
                    "the other store gets nothing of a group with a message in flight");
            order.add(m.body());
            mine.deleteMessage(url, m.receiptHandle());
        }
        assertEquals(List.of("g-0", "g-1", "g-2", "g-3", "g-4", "g-5"), order);
    }

    @Test
    void aDuplicateSentThroughTheOtherStoreIsDroppedWithinTheWindow() {
        String url = a.createQueue("pay.fifo", Map.of());
        String first = a.sendMessage(SendMessageRequest.fifo(url, "pay 1", "acct", "pay-1")).messageId();
        String second = b.sendMessage(SendMessageRequest.fifo(url, "pay 1", "acct", "pay-1")).messageId();
        assertEquals(first, second, "the duplicate answers with the original's id");
        assertEquals(1, b.receiveMessage(ReceiveMessageRequest.of(url, 10)).size());
    }

    @Test
    void concurrentDuplicatesThroughBothStoresDeliverOneMessage() throws Exception {
        String url = a.createQueue("race.fifo", Map.of());
        pool = Executors.newFixedThreadPool(2);
        for (int i = 0; i < 20; i++) {
            String id = "dup-" + i;
            Future<String> x = pool.submit(() -> a.sendMessage(SendMessageRequest.fifo(url, id, "g", id)).messageId());
            Future<String> y = pool.submit(() -> b.sendMessage(SendMessageRequest.fifo(url, id, "g", id)).messageId());
            assertEquals(x.get(30, TimeUnit.SECONDS), y.get(30, TimeUnit.SECONDS), id);
        }
        Set<String> bodies = new java.util.HashSet<>();
        int count = 0;
        while (true) {
            List<ReceivedMessage> got = a.receiveMessage(ReceiveMessageRequest.of(url, 10));
            if (got.isEmpty()) {
                break;
            }
            for (ReceivedMessage m : got) {
                bodies.add(m.body());
                count++;
                a.deleteMessage(url, m.receiptHandle());
            }
        }
        assertEquals(20, count, "one message per dedup id");
        assertEquals(20, bodies.size());
    }

    @Test
    void aLeaseThatEndsInOneStoreLetsTheOtherReceiveTheMessage() {
        String url = a.createQueue("lease", Map.of());
        a.sendMessage(SendMessageRequest.of(url, "job"));
        ReceivedMessage first = a.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(5)).get(0);
        assertEquals(List.of(), b.receiveMessage(ReceiveMessageRequest.of(url, 1)), "hidden while leased");

        clock.advanceSeconds(6);

        ReceivedMessage again = b.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
        assertEquals(first.messageId(), again.messageId());
        assertEquals(2, again.receiveCount());
        QueueServiceException stale = org.junit.jupiter.api.Assertions.assertThrows(QueueServiceException.class,
                () -> a.deleteMessage(url, first.receiptHandle()));
        assertEquals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID, stale.code());
        b.deleteMessage(url, again.receiptHandle());
    }

    @Test
    void aPurgeInOneStoreEmptiesTheQueueForTheOther() {
        String url = a.createQueue("purge", Map.of());
        a.sendMessage(SendMessageRequest.of(url, "x"));
        b.purgeQueue(url);
        assertEquals(List.of(), a.receiveMessage(ReceiveMessageRequest.of(url, 10)));
        assertEquals("0", a.getQueueAttributes(url, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages"));
    }

    @Test
    void aLongPollInOneStoreWakesOnASendThroughTheOther() throws Exception {
        String url = a.createQueue("poll", Map.of());
        pool = Executors.newSingleThreadExecutor();
        Future<List<ReceivedMessage>> poll = pool.submit(() ->
                b.receiveMessage(ReceiveMessageRequest.of(url, 1).withWaitTimeSeconds(20)));
        a.sendMessage(SendMessageRequest.of(url, "wake"));
        List<ReceivedMessage> got = poll.get(15, TimeUnit.SECONDS);
        assertEquals(List.of("wake"), got.stream().map(ReceivedMessage::body).toList());
    }

    @Test
    void aMoveTaskStartedInOneStoreGoesOnInTheOtherAfterTheFirstCloses() throws Exception {
        MessageMoves movesA = backend().capability(a, MessageMoves.class);
        MessageMoves movesB = backend().capability(b, MessageMoves.class);
        String from = a.createQueue("parked", Map.of());
        String to = a.createQueue("retry", Map.of());
        for (int i = 0; i < 3; i++) {
            a.sendMessage(SendMessageRequest.of(from, "p" + i));
        }
        String handle = movesA.startMessageMoveTask(from, to, 1);
        a.close();
        a = null;
        assertEquals(List.of(handle), movesB.listMessageMoveTasks(from).stream().map(MessageMoveTask::taskHandle)
                .toList(), "the other store lists the task");

        clock.advanceSeconds(3);

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        MessageMoveTask t = movesB.listMessageMoveTasks(from).get(0);
        while (t.status() == MessageMoveTask.Status.RUNNING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            t = movesB.listMessageMoveTasks(from).get(0);
        }
        assertEquals(MessageMoveTask.Status.COMPLETED, t.status(), String.valueOf(t));
        assertEquals(3, t.approximateNumberOfMessagesMoved());
        assertEquals(3, b.receiveMessage(ReceiveMessageRequest.of(to, 10)).size());
    }

    @Test
    void aWatchInOneStoreHearsASendThroughTheOther() throws Exception {
        ArrivalNotification arrivals = backend().capability(b, ArrivalNotification.class);
        String url = a.createQueue("watched", Map.of());
        java.util.concurrent.CountDownLatch heard = new java.util.concurrent.CountDownLatch(1);
        try (ArrivalNotification.Watch w = arrivals.watch(url, heard::countDown)) {
            a.sendMessage(SendMessageRequest.of(url, "news"));
            assertTrue(heard.await(10, TimeUnit.SECONDS), "no notice within 10 s");
        }
        assertEquals("news", b.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0).body());
    }

    @Test
    void countsAreTheQueuesWhicheverStoreAsks() {
        String url = a.createQueue("depth", Map.of());
        for (int i = 0; i < 5; i++) {
            b.sendMessage(SendMessageRequest.of(url, "d" + i));
        }
        a.receiveMessage(ReceiveMessageRequest.of(url, 2));
        for (QueueService s : List.of(a, b)) {
            Map<String, String> n = s.getQueueAttributes(url, List.of("ApproximateNumberOfMessages",
                    "ApproximateNumberOfMessagesNotVisible"));
            assertEquals("3", n.get("ApproximateNumberOfMessages"));
            assertEquals("2", n.get("ApproximateNumberOfMessagesNotVisible"));
        }
    }
}
