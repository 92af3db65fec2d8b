package org.wharfmq.store.derby.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.Topics;
import org.wharfmq.store.derby.index.Payload;

/** Stores written by older tables open, keep their messages and get the current tables. */
public class SchemaUpgradeTest {
    /** WHARF_MESSAGE as version 2 created it: bodies in WHARF_BODY, 4 KiB pages. */
    private static final String VERSION_2_MESSAGE_TABLE = "CREATE TABLE WHARF_MESSAGE (ROW_ID BIGINT NOT NULL"
            + " PRIMARY KEY, QUEUE_ID INT NOT NULL, BODY_ID BIGINT NOT NULL, SEQ BIGINT NOT NULL, SENT_AT BIGINT"
            + " NOT NULL, VISIBLE_AT BIGINT NOT NULL, RECEIVE_COUNT INT NOT NULL, FIRST_RECEIVE_AT BIGINT NOT NULL,"
            + " PRIORITY SMALLINT NOT NULL, EXPIRES_AT BIGINT NOT NULL, GROUP_ID VARCHAR(128),"
            + " DEDUP_ID VARCHAR(128), SOURCE_QUEUE_ID INT DEFAULT 0 NOT NULL)";
    /** WHARF_BODY as versions 1 to 3 created it, without the columns of a publish. */
    private static final String VERSION_3_BODY_TABLE = "CREATE TABLE WHARF_BODY (ID BIGINT NOT NULL PRIMARY KEY,"
            + " SMALL VARCHAR(32672) FOR BIT DATA, LARGE BLOB(2M))";
    private static final String LARGE_BODY = "L".repeat(40_000);
    private static final String SPANNING_BODY = "S".repeat(20_000);

    @Test
    void aVersion1StoreOpensWithItsMessagesAndIsUpgraded(@TempDir Path dir) throws SQLException {
        String url = "wharf:derby:" + dir.resolve("store");
        try (QueueService s = QueueServices.open(url)) {
            s.createQueue("kept", Map.of());
        }
        try (OldStore old = new OldStore(dir.resolve("store"), 1)) {
            old.message(11, old.queue("kept"), 11, 0, "before the upgrade", Map.of());
        }

        try (QueueService s = QueueServices.open(url)) {
            String kept = s.getQueueUrl("kept");
            assertEquals("before the upgrade", s.receiveMessage(ReceiveMessageRequest.of(kept, 1)).get(0).body());
            assertEquals(true, s.extension(MessageMoves.class).isPresent());
        }
        assertEquals(List.of(Integer.toString(Schema.VERSION), "0"), versionAndSourceOfEveryMessage(dir.resolve("store")));
    }

    /**
     * Rows of version 2 (bodies in WHARF_BODY, a topic's copies sharing one) and rows written after
     * the upgrade (bodies inline) live side by side: received, moved, deduplicated against and
     * deleted, each body read from disk after a reopen, and no body row left behind.
     */
    @Test
    void version2RowsAndInlineRowsWorkSideBySide(@TempDir Path dir) throws SQLException {
        Path db = dir.resolve("store");
        String url = "wharf:derby:" + db;
        try (QueueService s = QueueServices.open(url)) {
            s.createQueue("plain", Map.of());
            String dlq = s.createQueue("plain-dlq", Map.of());
            String dlqArn = s.getQueueAttributes(dlq, List.of("QueueArn")).get("QueueArn");
            s.createQueue("src", Map.of("RedrivePolicy", "{\"deadLetterTargetArn\":\"" + dlqArn
                    + "\",\"maxReceiveCount\":1}"));
            s.createQueue("orders.fifo", Map.of("FifoQueue", "true"));
            Topics topics = s.extension(Topics.class).orElseThrow();
            topics.createTopic("news");
            topics.subscribe("news", "a", true, null);
            topics.subscribe("news", "b", true, null);
        }
        long now = System.currentTimeMillis();
        Map<String, MessageAttributeValue> attrs = Map.of("kind", new MessageAttributeValue("String", "old", null));
        try (OldStore old = new OldStore(db, 2)) {
            old.message(11, old.queue("plain"), 11, 0, "old small", attrs);
            old.message(12, old.queue("plain"), 12, 0, LARGE_BODY, Map.of());
            old.message(13, old.queue("plain-dlq"), 13, old.queue("src"), "old dead letter", Map.of());
            old.fifoMessage(14, old.queue("orders.fifo"), "g", "d1", "old fifo", now);
            old.body(15, "old news");
            old.message(16, old.subscription("a"), 15, 0, null, Map.of());
            old.message(17, old.subscription("b"), 15, 0, null, Map.of());
        }
        assertEquals(List.of(6L, 5L), rowsAndBodies(db));

        List<String> plainIds = new ArrayList<>();
        try (QueueService s = QueueServices.open(url)) {
            String plain = s.getQueueUrl("plain");
            List<ReceivedMessage> got = receive(s, plain, 2);
            assertEquals(List.of("old small", LARGE_BODY), got.stream().map(ReceivedMessage::body).toList());
            assertEquals(attrs, got.get(0).messageAttributes());
            got.forEach(m -> s.deleteMessage(plain, m.receiptHandle()));
            for (String body : List.of("new small", SPANNING_BODY, LARGE_BODY)) {
                plainIds.add(s.sendMessage(SendMessageRequest.of(plain, body).withAttributes(attrs)).messageId());
            }

            String fifo = s.getQueueUrl("orders.fifo");
            SendResult again = s.sendMessage(SendMessageRequest.fifo(fifo, "old fifo", "g", "d1"));
            ReceivedMessage original = receive(s, fifo, 1).get(0);
            assertEquals(List.of("old fifo", original.messageId()), List.of(original.body(), again.messageId()));
            s.deleteMessage(fifo, original.receiptHandle());
            assertTrue(s.receiveMessage(ReceiveMessageRequest.of(fifo, 10)).isEmpty(), "the duplicate was dropped");

            MessageMoves moves = s.extension(MessageMoves.class).orElseThrow();
            String dlq = s.getQueueUrl("plain-dlq");
            moves.startMessageMoveTask(dlq, null, null);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (moves.listMessageMoveTasks(dlq).get(0).status() == MessageMoveTask.Status.RUNNING) {
                assertTrue(System.nanoTime() < deadline, "the move task still runs after 10 s");
            }
            String src = s.getQueueUrl("src");
            ReceivedMessage moved = receive(s, src, 1).get(0);
            assertEquals("old dead letter", moved.body());
            s.deleteMessage(src, moved.receiptHandle());

            Topics topics = s.extension(Topics.class).orElseThrow();
            String a = topics.subscription("news", "a").orElseThrow().queueUrl();
            ReceivedMessage copy = receive(s, a, 1).get(0);
            assertEquals("old news", copy.body());
            s.deleteMessage(a, copy.receiptHandle());
        }
        // Three new rows, one inline each, and the old copy of subscription b.
        assertEquals(List.of(4L, 1L), rowsAndBodies(db));

        try (QueueService s = QueueServices.open(url)) {
            String b = s.extension(Topics.class).orElseThrow().subscription("news", "b").orElseThrow().queueUrl();
            ReceivedMessage copy = receive(s, b, 1).get(0);
            assertEquals("old news", copy.body(), "the shared body outlived the other copy");
            s.deleteMessage(b, copy.receiptHandle());

            String plain = s.getQueueUrl("plain");
            List<ReceivedMessage> got = receive(s, plain, 3);
            assertEquals(List.of("new small", SPANNING_BODY, LARGE_BODY),
                    got.stream().map(ReceivedMessage::body).toList());
            assertEquals(plainIds, got.stream().map(ReceivedMessage::messageId).toList());
            assertEquals(List.of(attrs, attrs, attrs), got.stream().map(ReceivedMessage::messageAttributes).toList());
            got.forEach(m -> s.deleteMessage(plain, m.receiptHandle()));
        }
        assertEquals(List.of(0L, 0L), rowsAndBodies(db));
        assertEquals(Integer.toString(Schema.VERSION), versionAndSourceOfEveryMessage(db).get(0));
    }

    /** Receives {@code n} messages, in one or more receives. */
    private static List<ReceivedMessage> receive(QueueService s, String queueUrl, int n) {
        List<ReceivedMessage> got = new ArrayList<>();
        for (int i = 0; i < n && got.size() < n; i++) {
            got.addAll(s.receiveMessage(ReceiveMessageRequest.of(queueUrl, n - got.size()).withVisibilityTimeout(60)));
        }
        assertEquals(n, got.size(), "messages received from " + queueUrl);
        return got;
    }

    /** The number of WHARF_MESSAGE rows and of WHARF_BODY rows of a closed store. */
    private static List<Long> rowsAndBodies(Path db) throws SQLException {
        try {
            return rowsAndBodiesOpen(db);
        } finally {
            shutdown(db);
        }
    }

    /** The number of WHARF_MESSAGE rows and of WHARF_BODY rows, read beside a store open in this JVM. */
    public static List<Long> rowsAndBodiesOpen(Path db) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:derby:" + db); Statement st = c.createStatement()) {
            List<Long> out = new ArrayList<>();
            for (String table : List.of("WHARF_MESSAGE", "WHARF_BODY")) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rs.next();
                    out.add(rs.getLong(1));
                }
            }
            return out;
        }
    }

    /**
     * A closed store's tables turned back into version 2 (or 1: no version row, no
     * SOURCE_QUEUE_ID), with rows written by SQL as that version wrote them.
     */
    private static final class OldStore implements AutoCloseable {
        private final Path db;
        private final int version;
        private final Connection c;

        OldStore(Path db, int version) throws SQLException {
            this.db = db;
            this.version = version;
            c = DriverManager.getConnection("jdbc:derby:" + db);
            try (Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM WHARF_MESSAGE")) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), "the store to turn old has no messages");
                }
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM WHARF_BODY")) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), "the store to turn old has no bodies");
                }
                st.executeUpdate("DROP TABLE WHARF_MESSAGE");
                st.executeUpdate(VERSION_2_MESSAGE_TABLE);
                st.executeUpdate("DROP TABLE WHARF_BODY");
                st.executeUpdate(VERSION_3_BODY_TABLE);
                st.executeUpdate("DELETE FROM WHARF_META WHERE NAME = '" + Schema.META_NEXT_QUEUE_ID + "'");
                if (version == 1) {
                    st.executeUpdate("ALTER TABLE WHARF_MESSAGE DROP COLUMN SOURCE_QUEUE_ID");
                    st.executeUpdate("DELETE FROM WHARF_META WHERE NAME = '" + Schema.META_VERSION + "'");
                } else {
                    st.executeUpdate("UPDATE WHARF_META SET VAL = '" + version + "' WHERE NAME = '"
                            + Schema.META_VERSION + "'");
                }
            }
        }

        int queue(String name) throws SQLException {
            return id("SELECT ID FROM WHARF_QUEUE WHERE NAME = ?", name);
        }

        int subscription(String name) throws SQLException {
            return id("SELECT ID FROM WHARF_QUEUE WHERE SUBSCRIPTION = ?", name);
        }

        private int id(String sql, String name) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), name);
                    return rs.getInt(1);
                }
            }
        }

        /** A visible message row; and its body row, unless {@code body} is null (a shared body). */
        void message(long row, int queueId, long bodyId, int sourceQueueId, String body,
                     Map<String, MessageAttributeValue> attrs) throws SQLException {
            insert(row, queueId, bodyId, sourceQueueId == 0 ? 0 : 1, null, null, sourceQueueId);
            if (body != null) {
                body(bodyId, body, attrs);
            }
        }

        void fifoMessage(long row, int queueId, String group, String dedupId, String body, long acceptedAt)
                throws SQLException {
            insert(row, queueId, row, 0, group, dedupId, 0);
            body(row, body, Map.of());
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO WHARF_DEDUP (QUEUE_ID, DKEY, BODY_ID, SEQ,"
                    + " ACCEPTED_AT) VALUES (?, ?, ?, ?, ?)")) {
                ps.setInt(1, queueId);
                ps.setString(2, dedupId);
                ps.setLong(3, row);
                ps.setLong(4, row);
                ps.setLong(5, acceptedAt);
                ps.executeUpdate();
            }
        }

        private void insert(long row, int queueId, long bodyId, int receiveCount, String group, String dedupId,
                            int sourceQueueId) throws SQLException {
            long now = System.currentTimeMillis();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO WHARF_MESSAGE (ROW_ID, QUEUE_ID, BODY_ID,"
                    + " SEQ, SENT_AT, VISIBLE_AT, RECEIVE_COUNT, FIRST_RECEIVE_AT, PRIORITY, EXPIRES_AT, GROUP_ID,"
                    + " DEDUP_ID" + (version == 1 ? "" : ", SOURCE_QUEUE_ID") + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                    + " 4, 0, ?, ?" + (version == 1 ? "" : ", ?") + ")")) {
                ps.setLong(1, row);
                ps.setInt(2, queueId);
                ps.setLong(3, bodyId);
                ps.setLong(4, row);
                ps.setLong(5, now - 1000);
                ps.setLong(6, now - 1000);
                ps.setInt(7, receiveCount);
                ps.setLong(8, receiveCount == 0 ? 0 : now - 1000);
                ps.setString(9, group);
                ps.setString(10, dedupId);
                if (version != 1) {
                    ps.setInt(11, sourceQueueId);
                }
                ps.executeUpdate();
            }
        }

        void body(long id, String body) throws SQLException {
            body(id, body, Map.of());
        }

        private void body(long id, String body, Map<String, MessageAttributeValue> attrs) throws SQLException {
            byte[] data = new Payload(body, attrs).encode();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO WHARF_BODY (ID, SMALL, LARGE) VALUES (?, ?, ?)")) {
                ps.setLong(1, id);
                if (data.length <= Schema.SMALL_BODY) {
                    ps.setBytes(2, data);
                    ps.setNull(3, Types.BLOB);
                } else {
                    ps.setNull(2, Types.VARBINARY);
                    ps.setBytes(3, data);
                }
                ps.executeUpdate();
            }
        }

        @Override
        public void close() throws SQLException {
            try {
                c.close();
            } finally {
                shutdown(db);
            }
        }
    }

    private static List<String> versionAndSourceOfEveryMessage(Path db) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:derby:" + db); Statement st = c.createStatement()) {
            String version;
            try (ResultSet rs = st.executeQuery("SELECT VAL FROM WHARF_META WHERE NAME = '" + Schema.META_VERSION
                    + "'")) {
                rs.next();
                version = rs.getString(1);
            }
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM WHARF_MESSAGE WHERE SOURCE_QUEUE_ID <> 0")) {
                rs.next();
                return List.of(version, rs.getString(1));
            }
        } finally {
            shutdown(db);
        }
    }

    private static void shutdown(Path db) {
        try {
            DriverManager.getConnection("jdbc:derby:" + db + ";shutdown=true").close();
        } catch (SQLException expected) {
            // Derby reports a shutdown as an exception.
        }
    }
}
