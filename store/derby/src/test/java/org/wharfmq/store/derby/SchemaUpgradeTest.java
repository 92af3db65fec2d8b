package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.SendMessageRequest;

/** A store written before its tables had a version opens, keeps its messages and gets the current tables. */
class SchemaUpgradeTest {
    @Test
    void aVersion1StoreOpensWithItsMessagesAndIsUpgraded(@TempDir Path dir) throws SQLException {
        String url = "wharf:derby:" + dir.resolve("store");
        try (QueueService s = QueueServices.open(url)) {
            s.sendMessage(SendMessageRequest.of(s.createQueue("kept", Map.of()), "before the upgrade"));
        }
        makeVersion1(dir.resolve("store"));

        try (QueueService s = QueueServices.open(url)) {
            String kept = s.getQueueUrl("kept");
            assertEquals("before the upgrade", s.receiveMessage(ReceiveMessageRequest.of(kept, 1)).get(0).body());
            assertEquals(true, s.extension(MessageMoves.class).isPresent());
        }
        assertEquals(List.of("2", "0"), versionAndSourceOfEveryMessage(dir.resolve("store")));
    }

    /** Turns a store's tables back into version 1: no version row, no SOURCE_QUEUE_ID. */
    private static void makeVersion1(Path db) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:derby:" + db); Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM WHARF_META WHERE NAME = '" + Schema.META_VERSION + "'");
            st.executeUpdate("ALTER TABLE WHARF_MESSAGE DROP COLUMN SOURCE_QUEUE_ID");
        } finally {
            shutdown(db);
        }
        try (Connection c = DriverManager.getConnection("jdbc:derby:" + db);
             ResultSet rs = c.getMetaData().getColumns(null, null, "WHARF_MESSAGE", "SOURCE_QUEUE_ID")) {
            assertEquals(false, rs.next(), "SOURCE_QUEUE_ID is gone, as in version 1");
        } finally {
            shutdown(db);
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
