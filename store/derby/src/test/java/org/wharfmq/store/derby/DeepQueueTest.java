package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.derby.disk.SchemaUpgradeTest;

/**
 * A standard queue deeper than the head the store keeps in memory: the rest stays on disk and is
 * read back in order as the head drains, after a reopen too, and counts, purges, deletes and
 * message move tasks take it into account.
 */
class DeepQueueTest {
    private static final int DEPTH = 2 * Pager.HEAD + 500;

    /** Sends m0 .. m(n-1), a thousand per transaction. */
    private static void fill(QueueService s, String url, int n) {
        Transactions tx = s.extension(Transactions.class).orElseThrow();
        for (int i = 0; i < n; ) {
            StoreTransaction t = tx.begin();
            for (int k = 0; k < 1000 && i < n; k++, i++) {
                t.sendMessage(SendMessageRequest.of(url, "m" + i), MessageOptions.Options.DEFAULT);
            }
            t.commit();
        }
    }

    private static long visible(QueueService s, String url) {
        return Long.parseLong(s.getQueueAttributes(url, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages"));
    }

    /** Receives and deletes 10 at a time, each receive without waiting, and checks they come in send order. */
    private static void drainInOrder(QueueService s, String url, int from, int to) {
        for (int i = from; i < to; ) {
            List<ReceivedMessage> got = s.receiveMessage(ReceiveMessageRequest.of(url, 10));
            assertEquals(Math.min(10, to - i), got.size(), "messages received from m" + i);
            for (ReceivedMessage m : got) {
                assertEquals("m" + i++, m.body());
                s.deleteMessage(url, m.receiptHandle());
            }
        }
        assertEquals(List.of(), s.receiveMessage(ReceiveMessageRequest.of(url, 10)));
    }

    private static void await(String what, long expected, LongSupplier actual) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        long last;
        while ((last = actual.getAsLong()) != expected && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
        }
        assertEquals(expected, last, what);
    }

    @Test
    void aDeepQueueGivesEveryMessageBackInSendOrder() {
        try (QueueService s = QueueServices.open("wharf:memory:deep-" + UUID.randomUUID())) {
            String url = s.createQueue("deep", Map.of());
            fill(s, url, DEPTH);
            assertEquals(DEPTH, visible(s, url));
            drainInOrder(s, url, 0, DEPTH);
            assertEquals(0, visible(s, url));
        }
    }

    @Test
    void aReopenedDeepQueueReceivesAtOnceAndCountsTheRestAsItWalks(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("store");
        // Deep enough that the walk takes several steps.
        int depth = Pager.HEAD + 2 * Pager.WALK + 500;
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            fill(s, s.createQueue("deep", Map.of()), depth);
        }
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            String url = s.getQueueUrl("deep");
            ReceivedMessage first = s.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
            assertEquals("m0", first.body());
            s.deleteMessage(url, first.receiptHandle());
            await("the count once the ids on disk are walked", depth - 1, () -> visible(s, url));
            drainInOrder(s, url, 1, depth);
        }
        assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
    }

    @Test
    void aReopenedDeepQueueSaysItIsStillCountingUntilItsCountIsWhole(@TempDir Path dir) {
        Path db = dir.resolve("store");
        int depth = Pager.HEAD + 2 * Pager.WALK + 500;
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            String url = s.createQueue("deep", Map.of());
            fill(s, url, depth);
            assertFalse(s.extension(QueueStatistics.class).orElseThrow().counting(url), "counted as it was filled");
        }
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            String url = s.getQueueUrl("deep");
            QueueStatistics statistics = s.extension(QueueStatistics.class).orElseThrow();
            long deadline = System.nanoTime() + 60_000_000_000L;
            boolean counting = true;
            while (counting && System.nanoTime() < deadline) {
                counting = statistics.counting(url);
                long visible = statistics.statistics(url).approximateNumberOfMessagesVisible();
                if (counting) {
                    assertTrue(visible >= Pager.HEAD && visible <= depth, "at least the head while counting: " + visible);
                } else {
                    assertEquals(depth, visible, "the whole count once no longer counting");
                }
            }
            assertFalse(counting, "still counting after 60 s");
        }
    }

    @Test
    void purgeDeletesThePartOnDisk(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("store");
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            String url = s.createQueue("deep", Map.of());
            fill(s, url, DEPTH);
            s.purgeQueue(url);
            assertEquals(0, visible(s, url));
            s.sendMessage(SendMessageRequest.of(url, "after"));
        }
        assertEquals(List.of(1L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            fill(s, s.createQueue("reopened", Map.of()), DEPTH);
        }
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            // Purged while its ids on disk may still be being walked.
            String url = s.getQueueUrl("reopened");
            s.purgeQueue(url);
            assertEquals(0, visible(s, url));
        }
        assertEquals(List.of(1L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
    }

    @Test
    void aFilterFindsTheMessagesOnDisk() {
        try (QueueService s = QueueServices.open("wharf:memory:deep-" + UUID.randomUUID())) {
            String url = s.createQueue("deep", Map.of());
            fill(s, url, DEPTH);
            s.sendMessage(new SendMessageRequest(url, "marked", null,
                    Map.of("mark", MessageAttributeValue.string("yes")), null, null));
            List<ReceivedMessage> got = s.extension(FilteredReceive.class).orElseThrow().receiveMessage(
                    ReceiveMessageRequest.of(url, 1), 30_000, m -> m.messageAttributes().containsKey("mark"),
                    () -> false);
            assertEquals(List.of("marked"), got.stream().map(ReceivedMessage::body).toList());
            assertEquals(DEPTH, visible(s, url));
        }
    }

    @Test
    void aDeletedDeepQueueLeavesNoRows(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("store");
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            String url = s.createQueue("deep", Map.of());
            fill(s, url, DEPTH);
            s.deleteQueue(url);
        }
        try (QueueService s = QueueServices.open("wharf:derby:" + db)) {
            assertEquals(List.of(), s.listQueues(""));
        }
        assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
    }

    @Test
    void aMoveTaskMovesThePartOnDiskToo() {
        try (QueueService s = QueueServices.open("wharf:memory:deep-" + UUID.randomUUID())) {
            String dlq = s.createQueue("deep-dlq", Map.of());
            String dest = s.createQueue("dest", Map.of());
            fill(s, dlq, DEPTH);
            MessageMoves moves = s.extension(MessageMoves.class).orElseThrow();
            String handle = moves.startMessageMoveTask(dlq, dest, null);
            await("messages moved", DEPTH, () -> {
                MessageMoveTask t = moves.listMessageMoveTasks(dlq).get(0);
                assertEquals(handle, t.taskHandle());
                return t.status() == MessageMoveTask.Status.COMPLETED ? t.approximateNumberOfMessagesMoved() : -1;
            });
            assertEquals(0, visible(s, dlq));
            assertEquals(DEPTH, visible(s, dest));
            List<String> bodies = new ArrayList<>();
            while (bodies.size() < DEPTH) {
                List<ReceivedMessage> got = s.receiveMessage(ReceiveMessageRequest.of(dest, 10));
                assertTrue(!got.isEmpty(), "only " + bodies.size() + " messages in " + dest);
                for (ReceivedMessage m : got) {
                    bodies.add(m.body());
                    s.deleteMessage(dest, m.receiptHandle());
                }
            }
            assertEquals(DEPTH, bodies.stream().distinct().count());
        }
    }
}
