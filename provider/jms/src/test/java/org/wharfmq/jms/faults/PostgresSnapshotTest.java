package org.wharfmq.jms.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicReference;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * A snapshot held open by another client (a REPEATABLE READ transaction that ran a SELECT) keeps
 * autovacuum from removing the rows Wharf deletes. Under a steady send and receive, Wharf slows
 * but goes on while it is held, and after it closes the queue drains, with no manual VACUUM or
 * REINDEX. It prints the receive rate and the dead rows of wharf_message before, during and after
 * (docs/postgres.md, "Faults"); it asserts only progress and the drain.
 */
@Tag("postgres-faults")
class PostgresSnapshotTest {
    private static final Duration PHASE = Duration.ofSeconds(20);
    private static final Duration DRAIN_DEADLINE = Duration.ofSeconds(180);
    private static final int BATCH = 10;
    /** The producer's most, so that a backlog it builds drains within the deadline. */
    private static final int SENDS_PER_SECOND = 1_000;

    @Test
    void aHeldSnapshotSlowsReceivesButDoesNotStopThemAndTheQueueDrainsAfterIt() throws Exception {
        TestStores.assumeDefaultRun("it starts a PostgreSQL server of its own");
        try (PostgresServer server = PostgresServer.start(false)) {
            WharfConnectionFactory factory = new WharfConnectionFactory(
                    server.storeUrlOfSchema("w_snapshot") + "&prefetch=9");
            Set<String> sent = java.util.concurrent.ConcurrentHashMap.newKeySet();
            Set<String> received = new HashSet<>();
            AtomicBoolean sending = new AtomicBoolean(true);
            AtomicReference<Exception> sendFailure = new AtomicReference<>();
            try (Connection c = factory.createConnection()) {
                c.start();
                Thread producer = new Thread(() -> produce(c, sent, sending, sendFailure), "snapshot-producer");
                producer.start();
                Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
                MessageConsumer consumer = s.createConsumer(s.createQueue("churn"));
                List<String> report = new ArrayList<>();

                report.add(phase("before", consumer, received, sent, server));
                try (java.sql.Connection other = server.connect()) {
                    other.setAutoCommit(false);
                    other.setTransactionIsolation(java.sql.Connection.TRANSACTION_REPEATABLE_READ);
                    try (Statement st = other.createStatement();
                         ResultSet r = st.executeQuery("SELECT count(*) FROM w_snapshot.wharf_message")) {
                        r.next();
                    }
                    report.add(phase("held", consumer, received, sent, server));
                    other.rollback();
                }
                report.add(phase("after", consumer, received, sent, server));

                sending.set(false);
                producer.join(TimeUnit.SECONDS.toMillis(30));
                assertEquals(null, sendFailure.get(), "the producer failed");
                long until = System.nanoTime() + DRAIN_DEADLINE.toNanos();
                while (!received.containsAll(sent) && System.nanoTime() < until) {
                    take(consumer, received);
                }
                Map<String, String> a = factory.admin().getQueueAttributes("churn");
                report.forEach(System.out::println);
                System.out.println("PostgresSnapshotTest: sent " + sent.size() + ", received " + received.size()
                        + ", then " + a.get("ApproximateNumberOfMessages") + " visible and "
                        + a.get("ApproximateNumberOfMessagesNotVisible") + " in flight");
                for (String line : report) {
                    assertTrue(!line.contains(" 0 received"), "receives went on: " + line);
                }
                assertTrue(received.containsAll(sent), "the queue drained after the snapshot closed");
                assertEquals("0", a.get("ApproximateNumberOfMessages"));
                assertEquals("0", a.get("ApproximateNumberOfMessagesNotVisible"));
            }
            factory.closeStore();
        }
    }

    /** Sends in transactions of 10, at most {@link #SENDS_PER_SECOND}, until {@code sending} turns false. */
    private static void produce(Connection c, Set<String> sent, AtomicBoolean sending,
                                AtomicReference<Exception> failure) {
        try {
            Session s = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer p = s.createProducer(s.createQueue("churn"));
            long every = TimeUnit.SECONDS.toNanos(1) * BATCH / SENDS_PER_SECOND;
            long next = System.nanoTime();
            for (long n = 0; sending.get(); ) {
                List<String> batch = new ArrayList<>();
                for (int i = 0; i < BATCH; i++, n++) {
                    batch.add("m-" + n);
                    p.send(s.createTextMessage("m-" + n));
                }
                s.commit();
                sent.addAll(batch);
                next += every;
                LockSupport.parkNanos(next - System.nanoTime());
            }
        } catch (JMSException | RuntimeException e) {
            failure.set(e);
        }
    }

    /** Receives for one phase; returns its line: sends and receives per second, and wharf_message's dead rows at its end. */
    private static String phase(String name, MessageConsumer consumer, Set<String> received, Set<String> sent,
                                PostgresServer server) throws Exception {
        int before = received.size();
        int sentBefore = sent.size();
        long start = System.nanoTime();
        while (System.nanoTime() - start < PHASE.toNanos()) {
            take(consumer, received);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        int n = received.size() - before;
        int sends = sent.size() - sentBefore;
        long dead;
        try (java.sql.Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT n_dead_tup FROM pg_stat_user_tables "
                     + "WHERE schemaname = 'w_snapshot' AND relname = 'wharf_message'")) {
            dead = r.next() ? r.getLong(1) : -1;
        }
        return String.format("PostgresSnapshotTest %-6s %d received, %.0f/s; sent %.0f/s; wharf_message dead rows %d",
                name, n, n / seconds, sends / seconds, dead);
    }

    /** Receives up to a batch and acknowledges it. */
    private static void take(MessageConsumer consumer, Set<String> received) throws JMSException {
        Message last = null;
        List<String> got = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            Message m = consumer.receive(i == 0 ? 1000 : 50);
            if (m == null) {
                break;
            }
            last = m;
            got.add(((TextMessage) m).getText());
        }
        if (last != null) {
            last.acknowledge();
            received.addAll(got);
        }
    }
}
