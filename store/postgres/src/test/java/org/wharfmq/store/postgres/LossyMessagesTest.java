package org.wharfmq.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageOptions.Options;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * A NON_PERSISTENT (lossy) message is delivered at most once, even when the server crashes right
 * after its delete: the delete waits for the disk, though the deletes of other messages taken by
 * automatic acknowledgement need not. And a schema of version 1 is upgraded in place.
 */
class LossyMessagesTest {
    private static final Options LOSSY = new Options(Options.DEFAULT_PRIORITY, 0, -1, false);
    private static PostgresServer server;

    /** A durable server whose WAL writer waits 10 s, so that a commit that did not wait is lost by a crash. */
    @BeforeAll
    static void start() throws Exception {
        server = PostgresServer.start(true);
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("ALTER SYSTEM SET wal_writer_delay = '10s'");
            s.execute("SELECT pg_reload_conf()");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** A lossy message then a durable one, the second's commit writing both to the disk. */
    private static String lossyThenDurable(QueueService service, String queue) {
        String url = service.createQueue(queue, Map.of());
        MessageOptions options = service.extension(MessageOptions.class).orElseThrow();
        options.sendMessage(SendMessageRequest.of(url, "lossy"), LOSSY);
        options.sendMessage(SendMessageRequest.of(url, "durable"), Options.DEFAULT);
        return url;
    }

    /** Crashes the server while the store that took a message is still open (its close would write the disk). */
    private static List<String> bodiesAfterACrash(String schema, String url) {
        server.restartImmediately();
        try (QueueService again = QueueServices.open(server.storeUrlOfSchema(schema))) {
            return again.receiveMessage(ReceiveMessageRequest.of(url, 10)).stream().map(ReceivedMessage::body).toList();
        }
    }

    @Test
    void aLossyMessageConsumedRightBeforeACrashIsNotDeliveredAgain() {
        try (QueueService service = QueueServices.open(server.storeUrlOfSchema("w_lossy_consume"))) {
            String url = lossyThenDurable(service, "events");
            FilteredReceive receive = service.extension(FilteredReceive.class).orElseThrow();
            List<ReceivedMessage> got = receive.consumeMessage(ReceiveMessageRequest.of(url, 1), 0, null, null);
            assertEquals(List.of("lossy"), got.stream().map(ReceivedMessage::body).toList());
            assertEquals(List.of("durable"), bodiesAfterACrash("w_lossy_consume", url));
        }
    }

    @Test
    void aLossyMessageLeasedAndDeletedRightBeforeACrashIsNotDeliveredAgain() {
        try (QueueService service = QueueServices.open(server.storeUrlOfSchema("w_lossy_lease"))) {
            String url = lossyThenDurable(service, "events");
            FilteredReceive receive = service.extension(FilteredReceive.class).orElseThrow();
            ReceivedMessage m = receive.leaseMessage(ReceiveMessageRequest.of(url, 1), 0, null, null).get(0);
            assertEquals("lossy", m.body());
            service.deleteMessage(url, m.receiptHandle());
            assertEquals(List.of("durable"), bodiesAfterACrash("w_lossy_lease", url));
        }
    }

    @Test
    void aSchemaOfVersionOneIsUpgradedKeepingItsMessages() throws Exception {
        String schema = "w_version_one";
        String url;
        try (QueueService service = QueueServices.open(server.storeUrlOfSchema(schema))) {
            url = service.createQueue("kept", Map.of());
            service.sendMessage(SendMessageRequest.of(url, "from version 1"));
        }
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("ALTER TABLE " + schema + ".wharf_message DROP COLUMN lossy");
            s.execute("ALTER TABLE " + schema + ".wharf_xa_hold DROP COLUMN instance");
            s.execute("UPDATE " + schema + ".wharf_meta SET value = '1' WHERE name = 'version'");
        }
        try (QueueService service = QueueServices.open(server.storeUrlOfSchema(schema))) {
            assertEquals(List.of("from version 1"), service.receiveMessage(ReceiveMessageRequest.of(url, 10)).stream()
                    .map(ReceivedMessage::body).toList());
        }
        try (Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT value FROM " + schema + ".wharf_meta WHERE name = 'version'")) {
            r.next();
            assertEquals(String.valueOf(Schema.VERSION), r.getString(1));
        }
    }
}
