package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.derby.disk.SchemaUpgradeTest;

/**
 * A queue message is one row holding its body; a publish to several subscriptions is one row that
 * lists its copies, and goes with the last copy. Bodies are read back from disk after a reopen.
 */
class OneRowPerMessageTest {
    private static final String LARGE_BODY = "L".repeat(40_000);

    @Test
    void aMessageIsOneRowAndAPublishIsOneRow(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("store");
        String url = "wharf:derby:" + db;
        List<String> sent = new ArrayList<>();
        try (QueueService s = QueueServices.open(url)) {
            String q = s.createQueue("q", Map.of());
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("two");
            topics.subscribe("two", "a", true, null);
            topics.subscribe("two", "b", true, null);
            topics.createTopic("one");
            topics.subscribe("one", "only", true, null);

            sent.add(s.sendMessage(SendMessageRequest.of(q, "small")).messageId());
            sent.add(s.sendMessage(SendMessageRequest.of(q, LARGE_BODY)).messageId());
            StoreTransaction t = s.extension(Transactions.class).orElseThrow().begin();
            sent.add(t.sendMessage(SendMessageRequest.of(q, "in a transaction"), MessageOptions.Options.DEFAULT)
                    .messageId());
            t.commit();
            assertEquals(List.of(3L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));

            topics.publish("one", SendMessageRequest.of(null, "to one"), MessageOptions.Options.DEFAULT, null);
            assertEquals(List.of(4L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
            topics.publish("two", SendMessageRequest.of(null, "to two"), MessageOptions.Options.DEFAULT, null);
            assertEquals(List.of(4L, 1L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        }

        try (QueueService s = QueueServices.open(url)) {
            String q = s.getQueueUrl("q");
            List<ReceivedMessage> got = s.receiveMessage(ReceiveMessageRequest.of(q, 10));
            assertEquals(List.of("small", LARGE_BODY, "in a transaction"), got.stream().map(ReceivedMessage::body).toList());
            assertEquals(sent, got.stream().map(ReceivedMessage::messageId).toList());
            got.forEach(m -> s.deleteMessage(q, m.receiptHandle()));

            Topics topics = s.extension(Topics.class).orElseThrow();
            List<String> copies = new ArrayList<>();
            for (String[] sub : new String[][] {{"one", "only"}, {"two", "a"}, {"two", "b"}}) {
                String url2 = topics.subscription(sub[0], sub[1]).orElseThrow().queueUrl();
                ReceivedMessage m = s.receiveMessage(ReceiveMessageRequest.of(url2, 10)).get(0);
                copies.add(m.body());
                s.deleteMessage(url2, m.receiptHandle());
                if (sub[1].equals("a")) {
                    assertEquals(List.of(0L, 1L), SchemaUpgradeTest.rowsAndBodiesOpen(db), "b's copy keeps the publish");
                }
            }
            assertEquals(List.of("to one", "to two", "to two"), copies);
            assertEquals(List.of(0L, 0L), SchemaUpgradeTest.rowsAndBodiesOpen(db));
        }
    }
}
