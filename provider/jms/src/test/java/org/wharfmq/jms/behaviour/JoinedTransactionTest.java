package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * A transacted session that joins the application's own JDBC transaction on the store's database:
 * its sends and receives commit or roll back with the application's SQL, without XA.
 */
class JoinedTransactionTest {
    private String url;
    private String table;
    private Connection app;
    private WharfConnectionFactory joined;
    private WharfConnectionFactory plain;

    @BeforeEach
    void open() throws SQLException {
        TestStores.assumeOffers("JoinedTransactions", "a session that joins the application's transaction");
        url = TestStores.withOptions(TestStores.url("joined"), "visibilityTimeout=2");
        table = "orders_" + UUID.randomUUID().toString().replace("-", "");
        app = PostgresServer.shared().connect();
        try (Statement s = app.createStatement()) {
            s.execute("CREATE TABLE " + table + " (id text PRIMARY KEY)");
        }
        app.setAutoCommit(false);
        joined = new WharfConnectionFactory(url);
        joined.joinTransactionsOf(() -> app);
        plain = new WharfConnectionFactory(url);
    }

    @AfterEach
    void close() throws SQLException {
        if (app != null && !app.isClosed()) {
            app.close();
        }
        if (plain != null) {
            plain.close();
        }
        if (joined != null) {
            joined.close();
        }
    }

    /** Receives "order-1" from {@code in}, sends "shipped-1" to {@code out} and inserts a row, all in the application's transaction. */
    private void work(JMSContext tx, Queue in, Queue out) throws SQLException {
        try (JMSConsumer c = tx.createConsumer(in)) {
            assertEquals("order-1", c.receiveBody(String.class, 5_000));
        }
        tx.createProducer().send(out, "shipped-1");
        try (Statement s = app.createStatement()) {
            s.execute("INSERT INTO " + table + " VALUES ('order-1')");
        }
    }

    @Test
    void aCommitOfTheApplicationsTransactionCommitsTheSendTheReceiveAndTheSql() throws Exception {
        try (JMSContext ctx = plain.createContext(); JMSContext tx = joined.createContext(JMSContext.SESSION_TRANSACTED)) {
            Queue in = ctx.createQueue("in");
            Queue out = ctx.createQueue("out");
            ctx.createProducer().send(in, "order-1");

            work(tx, in, out);
            app.commit();
            tx.commit();

            try (JMSConsumer outs = ctx.createConsumer(out); JMSConsumer ins = ctx.createConsumer(in)) {
                assertEquals("shipped-1", outs.receiveBody(String.class, 5_000));
                assertNull(ins.receiveBody(String.class, 3_000), "the received message was deleted");
            }
        }
        assertEquals(1, rows());
    }

    @Test
    void aRollbackOfTheApplicationsTransactionUndoesTheSendAndTheReceive() throws Exception {
        try (JMSContext ctx = plain.createContext(); JMSContext tx = joined.createContext(JMSContext.SESSION_TRANSACTED)) {
            Queue in = ctx.createQueue("in");
            Queue out = ctx.createQueue("out");
            ctx.createProducer().send(in, "order-1");

            work(tx, in, out);
            app.rollback();
            tx.rollback();

            try (JMSConsumer outs = ctx.createConsumer(out); JMSConsumer ins = ctx.createConsumer(in)) {
                assertEquals("order-1", ins.receiveBody(String.class, 10_000), "the received message came back");
                assertNull(outs.receiveBody(String.class, 1_000), "the send was undone");
            }
        }
        assertEquals(0, rows());
    }

    @Test
    void aConnectionLostBeforeItsCommitLeavesNeitherTheSendNorTheReceive() throws Exception {
        try (JMSContext ctx = plain.createContext(); JMSContext tx = joined.createContext(JMSContext.SESSION_TRANSACTED)) {
            Queue in = ctx.createQueue("in");
            Queue out = ctx.createQueue("out");
            ctx.createProducer().send(in, "order-1");

            work(tx, in, out);
            // As if the application's process died: the server ends its session, and its transaction with it.
            int pid;
            try (Statement s = app.createStatement(); ResultSet r = s.executeQuery("SELECT pg_backend_pid()")) {
                r.next();
                pid = r.getInt(1);
            }
            try (Connection admin = PostgresServer.shared().connect(); Statement s = admin.createStatement()) {
                s.execute("SELECT pg_terminate_backend(" + pid + ")");
            }

            try (JMSConsumer outs = ctx.createConsumer(out); JMSConsumer ins = ctx.createConsumer(in)) {
                assertEquals("order-1", ins.receiveBody(String.class, 10_000),
                        "the received message came back after its visibility timeout");
                assertNull(outs.receiveBody(String.class, 1_000), "the send never happened");
            }
        }
        assertEquals(0, rows());
    }

    @Test
    void aConnectionWithoutATransactionIsRefusedNamingWhy() throws Exception {
        app.setAutoCommit(true);
        try (JMSContext tx = joined.createContext(JMSContext.SESSION_TRANSACTED)) {
            Queue out = tx.createQueue("out");
            JMSRuntimeException e = assertThrows(JMSRuntimeException.class,
                    () -> tx.createProducer().send(out, "x"));
            assertTrue(e.getMessage().contains("auto-commit"), e.getMessage());
        }
    }

    private int rows() throws SQLException, JMSException {
        try (Connection c = PostgresServer.shared().connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM " + table)) {
            r.next();
            return r.getInt(1);
        }
    }
}
