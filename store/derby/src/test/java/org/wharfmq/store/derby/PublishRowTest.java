package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.Topics;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.derby.disk.SchemaUpgradeTest;

/**
 * A publish to several subscriptions is one row: its copies' deliveries write no message row, and
 * after a restart each subscription gets back exactly the copies it had not deleted, those it had
 * received marked so. A copy received again or dead-lettered gets a row of its own; a copy held
 * by a prepared branch stays held.
 */
class PublishRowTest {
    private static final int SUBSCRIPTIONS = 10;

    private record TestXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier)
            implements Xid {
    }

    @Test
    void aPublishToTenSubscriptionsIsOneRowAndARestartGivesBackWhatWasNotDeleted(@TempDir Path dir)
            throws SQLException {
        Path db = dir.resolve("store");
        String url = "wharf:derby:" + db;
        List<String> published = new ArrayList<>();
        try (QueueService s = QueueServices.open(url)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            for (int i = 0; i < SUBSCRIPTIONS; i++) {
                topics.subscribe("news", "s" + i, true, null);
            }
            for (int i = 0; i < 20; i++) {
                published.add(topics.publish("news", SendMessageRequest.of(null, "m" + i),
                        MessageOptions.Options.DEFAULT, null).messageId());
            }
            assertEquals(List.of(0L, 20L), SchemaUpgradeTest.rowsAndBodiesOpen(db));

            // Subscription i deletes the copies of messages 0..i+4 and leaves the rest in flight.
            for (int i = 0; i < SUBSCRIPTIONS; i++) {
                String sub = topics.subscription("news", "s" + i).orElseThrow().queueUrl();
                for (ReceivedMessage m : receive(s, sub, 20, 60)) {
                    assertEquals(1, m.receiveCount());
                    if (Integer.parseInt(m.body().substring(1)) <= i + 4) {
                        s.deleteMessage(sub, m.receiptHandle());
                    }
                }
            }
            assertEquals(List.of(0L, 20L - 5), SchemaUpgradeTest.rowsAndBodiesOpen(db),
                    "messages 0..4 went with their last copy");
        }

        try (QueueService s = QueueServices.open(url)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            for (int i = 0; i < SUBSCRIPTIONS; i++) {
                String sub = topics.subscription("news", "s" + i).orElseThrow().queueUrl();
                Set<String> expected = new TreeSet<>();
                for (int n = i + 5; n < 20; n++) {
                    expected.add("m" + n + " " + published.get(n));
                }
                Set<String> got = new TreeSet<>();
                for (ReceivedMessage m : receive(s, sub, expected.size(), 60)) {
                    assertEquals(2, m.receiveCount(), "received before the restart: " + m.body());
                    got.add(m.body() + " " + m.messageId());
                    s.deleteMessage(sub, m.receiptHandle());
                }
                assertEquals(expected, got, "subscription s" + i);
                assertTrue(s.receiveMessage(ReceiveMessageRequest.of(sub, 10)).isEmpty(), "s" + i + " has more");
            }
            assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        }
    }

    @Test
    void aCopyReceivedAgainGetsARowThatKeepsItsCountAcrossARestart(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("store");
        String url = "wharf:derby:" + db;
        try (QueueService s = QueueServices.open(url)) {
            Topics topics = twoSubscriptions(s);
            topics.publish("news", SendMessageRequest.of(null, "again"), MessageOptions.Options.DEFAULT, null);
            String a = topics.subscription("news", "a").orElseThrow().queueUrl();
            assertEquals(1, receive(s, a, 1, 0).get(0).receiveCount());
            assertEquals(List.of(0L, 1L), SchemaUpgradeTest.rowsAndBodiesOpen(db), "a first receive is a bit");
            assertEquals(2, receive(s, a, 1, 0).get(0).receiveCount());
            assertEquals(List.of(1L, 1L), SchemaUpgradeTest.rowsAndBodiesOpen(db), "a second receive is written");
        }
        try (QueueService s = QueueServices.open(url)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            String a = topics.subscription("news", "a").orElseThrow().queueUrl();
            String b = topics.subscription("news", "b").orElseThrow().queueUrl();
            ReceivedMessage ofA = receive(s, a, 1, 60).get(0);
            ReceivedMessage ofB = receive(s, b, 1, 60).get(0);
            assertEquals(List.of("again", 3), List.of(ofA.body(), ofA.receiveCount()));
            assertEquals(List.of("again", 1), List.of(ofB.body(), ofB.receiveCount()));
            s.deleteMessage(a, ofA.receiptHandle());
            assertEquals(List.of(0L, 1L), SchemaUpgradeTest.rowsAndBodiesOpen(db), "b's copy keeps the publish");
            s.deleteMessage(b, ofB.receiptHandle());
            assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        }
    }

    @Test
    void aDeadLetteredCopyLeavesThePublishAndBothOutliveARestart(@TempDir Path dir)
            throws SQLException, InterruptedException {
        Path db = dir.resolve("store");
        String url = "wharf:derby:" + db;
        try (QueueService s = QueueServices.open(url)) {
            String dlq = s.createQueue("dead", Map.of());
            String arn = s.getQueueAttributes(dlq, List.of("QueueArn")).get("QueueArn");
            Topics topics = twoSubscriptions(s);
            String a = topics.subscription("news", "a").orElseThrow().queueUrl();
            s.setQueueAttributes(a, Map.of("RedrivePolicy",
                    "{\"deadLetterTargetArn\":\"" + arn + "\",\"maxReceiveCount\":1}"));
            topics.publish("news", SendMessageRequest.of(null, "poison"), MessageOptions.Options.DEFAULT, null);
            receive(s, a, 1, 0);
            assertTrue(s.receiveMessage(ReceiveMessageRequest.of(a, 10)).isEmpty(), "the copy went to the DLQ");
            // A receive that delivers nothing posts the move without waiting for it.
            assertEquals(List.of(1L, 1L), rowsAndBodiesOnceWritten(db, List.of(1L, 1L)));
        }
        try (QueueService s = QueueServices.open(url)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            String a = topics.subscription("news", "a").orElseThrow().queueUrl();
            String b = topics.subscription("news", "b").orElseThrow().queueUrl();
            String dlq = s.getQueueUrl("dead");
            assertTrue(s.receiveMessage(ReceiveMessageRequest.of(a, 10)).isEmpty(), "a's copy is not back");
            ReceivedMessage dead = receive(s, dlq, 1, 60).get(0);
            ReceivedMessage ofB = receive(s, b, 1, 60).get(0);
            assertEquals(List.of("poison", "poison", dead.messageId()),
                    List.of(dead.body(), ofB.body(), ofB.messageId()));
            s.deleteMessage(dlq, dead.receiptHandle());
            s.deleteMessage(b, ofB.receiptHandle());
            assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        }
    }

    @Test
    void aCopyAPreparedBranchDeletesStaysHeldAcrossARestartUntilTheBranchCommits(@TempDir Path dir)
            throws Exception {
        Path db = dir.resolve("store");
        String url = "wharf:derby:" + db;
        Xid xid = new TestXid(4711, "held copy".getBytes(StandardCharsets.UTF_8), new byte[] {1});
        try (QueueService s = QueueServices.open(url)) {
            Topics topics = twoSubscriptions(s);
            topics.publish("news", SendMessageRequest.of(null, "held"), MessageOptions.Options.DEFAULT, null);
            String a = topics.subscription("news", "a").orElseThrow().queueUrl();
            ReceivedMessage m = receive(s, a, 1, 60).get(0);
            StoreXAResource xa = s.extension(XaTransactions.class).orElseThrow().xaResource();
            xa.start(xid, XAResource.TMNOFLAGS);
            xa.current().orElseThrow().deleteMessage(a, m.receiptHandle());
            xa.end(xid, XAResource.TMSUCCESS);
            assertEquals(XAResource.XA_OK, xa.prepare(xid));
        }
        try (QueueService s = QueueServices.open(url)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            String a = topics.subscription("news", "a").orElseThrow().queueUrl();
            assertTrue(s.receiveMessage(ReceiveMessageRequest.of(a, 10)).isEmpty(), "the held copy is not delivered");
            StoreXAResource xa = s.extension(XaTransactions.class).orElseThrow().xaResource();
            assertEquals(1, xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN).length);
            xa.commit(xid, false);
            String b = topics.subscription("news", "b").orElseThrow().queueUrl();
            ReceivedMessage ofB = receive(s, b, 1, 60).get(0);
            assertEquals("held", ofB.body());
            s.deleteMessage(b, ofB.receiptHandle());
        }
        try (QueueService s = QueueServices.open(url)) {
            String a = s.extension(Topics.class).orElseThrow().subscription("news", "a").orElseThrow().queueUrl();
            assertTrue(s.receiveMessage(ReceiveMessageRequest.of(a, 10)).isEmpty(), "the committed delete held");
            assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        }
    }

    @Test
    void thePublishRowGoesWhenItsOtherCopiesLeftWithTheirSubscriptions(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("store");
        String url = "wharf:derby:" + db;
        try (QueueService s = QueueServices.open(url)) {
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            topics.subscribe("news", "kept", true, null);
            topics.subscribe("news", "dropped", true, null);
            topics.subscribe("news", "ends", false, null);
            topics.publish("news", SendMessageRequest.of(null, "one"), MessageOptions.Options.DEFAULT, null);
            topics.publish("news", SendMessageRequest.of(null, "two"), MessageOptions.Options.DEFAULT, null);
            topics.unsubscribe("news", "dropped");
            String kept = topics.subscription("news", "kept").orElseThrow().queueUrl();
            ReceivedMessage one = receive(s, kept, 1, 60).get(0);
            s.deleteMessage(kept, one.receiptHandle());
            assertEquals(List.of(0L, 2L), SchemaUpgradeTest.rowsAndBodiesOpen(db),
                    "the non-durable subscription still holds both copies");
        }
        try (QueueService s = QueueServices.open(url)) {
            assertEquals(List.of(0L, 1L), SchemaUpgradeTest.rowsAndBodiesOpen(db),
                    "the non-durable subscription ended with the store");
            String kept = s.extension(Topics.class).orElseThrow().subscription("news", "kept").orElseThrow()
                    .queueUrl();
            ReceivedMessage two = receive(s, kept, 1, 60).get(0);
            assertEquals("two", two.body());
            s.deleteMessage(kept, two.receiptHandle());
            assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        }
    }

    /** The rows and bodies of a store open in this JVM once they are {@code expected}, or as they are after 5 s. */
    private static List<Long> rowsAndBodiesOnceWritten(Path db, List<Long> expected)
            throws SQLException, InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        List<Long> got = SchemaUpgradeTest.rowsAndBodiesOpen(db);
        while (!got.equals(expected) && System.nanoTime() < end) {
            Thread.sleep(10);
            got = SchemaUpgradeTest.rowsAndBodiesOpen(db);
        }
        return got;
    }

    private static Topics twoSubscriptions(QueueService s) {
        Topics topics = s.extension(Topics.class).orElseThrow();
        topics.createTopic("news");
        topics.subscribe("news", "a", true, null);
        topics.subscribe("news", "b", true, null);
        return topics;
    }

    /** Receives {@code n} messages under a visibility timeout of {@code visibility} seconds. */
    private static List<ReceivedMessage> receive(QueueService s, String queueUrl, int n, int visibility) {
        List<ReceivedMessage> got = new ArrayList<>();
        for (int i = 0; i < n && got.size() < n; i++) {
            got.addAll(s.receiveMessage(ReceiveMessageRequest.of(queueUrl, Math.min(10, n - got.size()))
                    .withVisibilityTimeout(visibility)));
        }
        assertEquals(n, got.size(), "messages received from " + queueUrl);
        return got;
    }
}
