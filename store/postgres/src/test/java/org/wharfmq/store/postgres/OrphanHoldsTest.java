package org.wharfmq.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.model.ReceiptHandle;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * A process that dies after it held a message for an XA branch and before it prepared the branch
 * leaves a hold that no transaction manager will end: a live store gives that message back once it
 * finds the dead one, and leaves alone a message whose branch was prepared.
 */
class OrphanHoldsTest {
    @Test
    void aDeadStoresHoldOfABranchNeverPreparedIsGivenBackAndAPreparedOneIsKept() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String schema = PostgresServer.schemaName("orphans_" + System.nanoTime());
        try (QueueService service = QueueServices.open(server.storeUrlOfSchema(schema))) {
            String url = service.createQueue("held", Map.of());
            service.sendMessage(SendMessageRequest.of(url, "orphan"));
            service.sendMessage(SendMessageRequest.of(url, "prepared"));
            List<ReceivedMessage> got = service.receiveMessage(ReceiveMessageRequest.of(url, 10).withVisibilityTimeout(1));
            assertEquals(2, got.size());
            try (Connection c = server.connect()) {
                // A branch prepared by the dead store, with nothing in it but its name.
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT 1");
                    s.execute("PREPARE TRANSACTION 'wharf-orphans-prepared'");
                }
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO " + schema + ".wharf_instance VALUES ('dead', 0, 0)");
                }
                for (ReceivedMessage m : got) {
                    hold(c, schema, m, m.body().equals("orphan") ? "wharf-orphans-never-prepared" : "wharf-orphans-prepared");
                }
                try {
                    long deadline = System.nanoTime() + 30_000_000_000L;
                    List<String> back = List.of();
                    while (back.isEmpty() && System.nanoTime() < deadline) {
                        back = service.receiveMessage(ReceiveMessageRequest.of(url, 10).withWaitTimeSeconds(1))
                                .stream().map(ReceivedMessage::body).toList();
                    }
                    assertEquals(List.of("orphan"), back, "given back within 30 s");
                    assertEquals(List.of(), service.receiveMessage(ReceiveMessageRequest.of(url, 10).withWaitTimeSeconds(2)),
                            "the message of the prepared branch stays held");
                } finally {
                    try (Statement s = c.createStatement()) {
                        s.execute("ROLLBACK PREPARED 'wharf-orphans-prepared'");
                    }
                }
            }
        }
    }

    /** Holds {@code m} for branch {@code gid} of the store {@code dead}, as PgXa does before it prepares. */
    private static void hold(Connection c, String schema, ReceivedMessage m, String gid) throws Exception {
        ReceiptHandle h = ReceiptHandle.decode(m.receiptHandle());
        try (PreparedStatement s = c.prepareStatement("UPDATE " + schema + ".wharf_message SET visible_at = ? "
                + "WHERE queue_id = ? AND id = ?")) {
            s.setLong(1, PgXa.HELD);
            s.setInt(2, h.queueId());
            s.setLong(3, h.rowId());
            assertEquals(1, s.executeUpdate());
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO " + schema + ".wharf_xa_hold "
                + "(gid, queue_id, id, receive_count, seconds, instance) VALUES (?, ?, ?, ?, 0, 'dead')")) {
            s.setString(1, gid);
            s.setInt(2, h.queueId());
            s.setLong(3, h.rowId());
            s.setInt(4, h.receiveCount());
            s.executeUpdate();
        }
    }
}
