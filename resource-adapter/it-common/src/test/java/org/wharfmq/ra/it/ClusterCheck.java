package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * Two application servers with wharf.rar on one PostgreSQL store, driven from the test JVM, which
 * sends through Wharf on the same store and reads what the nodes' MDBs committed
 * ({@link ClusterRecords}): the nodes share a queue, a FIFO queue and a shared durable subscription;
 * the operator's tool sees the store from either node; and one node is killed with SIGKILL under
 * load and started again.
 */
public final class ClusterCheck {
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final int GROUPS = 8;

    private final String storeUrl;
    private final Callable<Connection> database;
    private final ClusterNode a;
    private final ClusterNode b;
    private final List<String> report = new ArrayList<>();
    private WharfConnectionFactory factory;

    /** {@code database} opens a connection to the database of {@link ClusterRecords#TABLE}, the store's. */
    public ClusterCheck(String storeUrl, Callable<Connection> database, ClusterNode a, ClusterNode b) {
        this.storeUrl = storeUrl;
        this.database = database;
        this.a = a;
        this.b = b;
    }

    /** One committed delivery. */
    record Row(String kind, String body, String node, String group, int seq, int deliveries, long entered, long done) {
    }

    /** Creates the table and the queues, starts both nodes and deploys {@code archives} on each. */
    public void start(java.nio.file.Path... archives) throws Exception {
        try (Connection c = database.call(); Statement s = c.createStatement()) {
            s.execute(ClusterRecords.CREATE);
        }
        factory = new WharfConnectionFactory(storeUrl);
        factory.admin().createQueue(ClusterRecords.WORK, Map.of());
        factory.admin().createQueue(ClusterRecords.FIFO, Map.of("FifoQueue", "true", "ContentBasedDeduplication", "true"));
        for (ClusterNode n : List.of(a, b)) {
            long t = System.nanoTime();
            n.start();
            n.deploy(archives);
            report.add("%s started and deployed in %.1f s".formatted(n.name(), (System.nanoTime() - t) / 1e9));
        }
    }

    public List<String> report() {
        return report;
    }

    /** Messages to the standard queue are consumed once each, by both nodes. */
    public void bothNodesShareAQueue(int count) throws Exception {
        List<String> bodies = sendWork("spread", count);
        List<Row> rows = awaitRows("work", "spread-", count);
        assertOnceEach(bodies, rows);
        Map<String, Long> perNode = perNode(rows);
        report.add("standard queue: " + count + " messages, each once; per node " + perNode);
        for (ClusterNode n : List.of(a, b)) {
            assertTrue(perNode.getOrDefault(n.name(), 0L) >= count / 10, n.name() + " got too little work: " + perNode);
        }
    }

    /** Each FIFO group is consumed in order, one message at a time across both nodes. */
    public void fifoGroupsStayInOrderAcrossNodes(int perGroup) throws Exception {
        List<String> bodies = sendFifo("order", perGroup);
        List<Row> rows = awaitRows("fifo", "order-", bodies.size());
        assertOnceEach(bodies, rows);
        assertGroupsInOrder(rows, perGroup);
        report.add("FIFO: " + GROUPS + " groups of " + perGroup + ", in order, never two of a group at once; per node "
                + perNode(rows) + ", " + switches(rows) + " times a group's next message went to the other node");
    }

    /** One shared durable subscription spans both nodes: each published message is consumed once. */
    public void sharedDurableSubscriptionSpansBothNodes(int count) throws Exception {
        List<String> bodies = new ArrayList<>();
        try (JMSContext c = factory.createContext()) {
            JMSProducer p = c.createProducer();
            for (int i = 0; i < count; i++) {
                String body = "topic-" + i;
                p.send(c.createTopic(ClusterRecords.TOPIC), body);
                bodies.add(body);
            }
        }
        List<Row> rows = awaitRows("topic", "topic-", count);
        assertOnceEach(bodies, rows);
        Map<String, Long> perNode = perNode(rows);
        report.add("shared durable subscription: " + count + " messages, each once; per node " + perNode);
        assertEquals(2, perNode.size(), "both nodes consume the subscription: " + perNode);
    }

    /** The operator's tool, attached to either node, shows the same queue and depth of the shared store. */
    public void operatorToolSeesTheStoreFromEitherNode(String toolJar) throws Exception {
        String parked = "it-cluster-parked";
        try (JMSContext c = factory.createContext()) {
            Queue q = c.createQueue(parked);
            for (int i = 0; i < 5; i++) {
                c.createProducer().send(q, "parked " + i);
            }
        }
        for (ClusterNode n : List.of(a, b)) {
            Process tool = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-jar", toolJar,
                    "queues", "--pid", Long.toString(n.pid()), "--output", "json")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(tool.waitFor(60, TimeUnit.SECONDS), "wharf queues did not finish");
            assertEquals(0, tool.exitValue(), out);
            Matcher row = Pattern.compile("\\{[^{}]*\"name\"\\s*:\\s*\"" + parked + "\"[^{}]*}").matcher(out);
            assertTrue(row.find(), parked + " is not in what the tool shows of " + n.name() + ": " + out);
            assertTrue(row.group().matches("(?s).*\"visible\"\\s*:\\s*5\\b.*"), n.name() + ": " + row.group());
        }
        report.add("wharf queues --pid on either node: " + parked + " with 5 visible");
    }

    /**
     * Kills node {@code a} with SIGKILL while both nodes consume, lets {@code b} go on, then starts
     * {@code a} again: every message is consumed exactly once, FIFO groups keep their order, what
     * {@code a} had in flight {@code b} delivers within the visibility timeout plus 10 s, and the
     * XA branches {@code a} left prepared wait for it and are recovered when it is back.
     */
    public void killOneNodeUnderLoad(int work, int perGroup) throws Exception {
        int total = work + perGroup * GROUPS;
        // Sent while the nodes consume, so that the kill comes in the middle of the flow.
        CompletableFuture<List<String>> fifoSent = CompletableFuture.supplyAsync(() -> sendFifo("killfifo", perGroup));
        CompletableFuture<List<String>> workSent = CompletableFuture.supplyAsync(() -> sendWork("kill", work));
        Awaits.until(() -> count("kill") >= total / 3, LIMIT, "a third of the messages before the kill");
        long killedAt = ClusterRecords.micros();
        a.kill();
        long killed = count("kill");
        List<String> workBodies = workSent.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
        List<String> fifoBodies = fifoSent.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
        int preparedAtKill = prepared();
        // b consumes the rest; what a held prepared waits for a. No row for the visibility timeout
        // plus 10 s after the last one means b has all it can get.
        long quietFor = (ClusterRecords.VISIBILITY_TIMEOUT + 10) * 1_000_000L;
        Awaits.until(() -> count("kill") == total || ClusterRecords.micros() - lastDone("kill") > quietFor,
                Duration.ofSeconds(180), "b consuming what a left");
        long withoutA = count("kill");
        int preparedWithoutA = prepared();
        report.add("while " + a.name() + " was down: " + state("kill", total));
        List<Row> redelivered = rows("kill").stream().filter(r -> r.deliveries() > 1).toList();
        long latest = redelivered.stream().mapToLong(r -> r.entered() - killedAt).max().orElse(0);
        // While the node starts again and recovers, the other one works: a recovery must finish only
        // the branches the restarted node prepared, not those the other prepares meanwhile.
        AtomicBoolean enough = new AtomicBoolean();
        CompletableFuture<List<String>> rejoinSent = CompletableFuture.supplyAsync(() -> sendUntil("rejoin", enough));
        long restartedAt = System.nanoTime();
        a.start();
        double started = (System.nanoTime() - restartedAt) / 1e9;
        // Some of the restarted node's recovery scans (WildFly's every 5 s) while the flow goes on.
        Thread.sleep(15_000);
        enough.set(true);
        List<String> rejoinBodies = rejoinSent.get(LIMIT.toSeconds(), TimeUnit.SECONDS);
        String[] last = {""};
        try {
            Awaits.until(() -> {
                last[0] = state("kill", total);
                return count("kill") == total && count("rejoin") >= rejoinBodies.size() && prepared() == 0;
            }, LIMIT, "every message consumed and no branch prepared after " + a.name() + " is back");
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; at last " + last[0] + "; rejoin " + count("rejoin") + " of "
                    + rejoinBodies.size(), e);
        }
        double recovered = (System.nanoTime() - restartedAt) / 1e9;

        List<Row> rows = rows("kill");
        List<String> all = new ArrayList<>(workBodies);
        all.addAll(fifoBodies);
        assertOnceEach(all, rows);
        assertGroupsInOrder(rows.stream().filter(r -> r.kind().equals("fifo")).toList(), perGroup);
        List<Row> rejoin = rows("rejoin");
        assertOnceEach(rejoinBodies, rejoin);
        report.add(("kill -9 of %s at %d of %d messages: %d branches prepared at the kill (of both nodes); %s then consumed %d more,"
                + " %d of them redelivered from %s, the last %.1f s after the kill (visibility timeout %d s); %d branches"
                + " still prepared once it had no more to do, while %s was down; %s started again in %.1f s, %d more messages sent meanwhile and 15 s after;"
                + " %.1f s after its restart all %d + %d were consumed once each (the new ones per node %s), no branch"
                + " prepared; FIFO in order").formatted(a.name(), killed, total, preparedAtKill, b.name(),
                withoutA - killed, redelivered.size(), a.name(), latest / 1e6, ClusterRecords.VISIBILITY_TIMEOUT,
                preparedWithoutA, a.name(), a.name(), started, rejoinBodies.size(), recovered, total,
                rejoinBodies.size(), perNode(rejoin)));
        assertTrue(latest <= (ClusterRecords.VISIBILITY_TIMEOUT + 10) * 1_000_000L,
                "a redelivery " + latest / 1e6 + " s after the kill");
    }

    /** What is done and what is left: rows, prepared transactions, the queues' depths. */
    private String state(String prefix, int total) {
        try {
            StringBuilder out = new StringBuilder(count(prefix) + " of " + total + " consumed; prepared: ");
            String gids = query("SELECT string_agg(gid, ', ') FROM pg_prepared_xacts", r -> r.getString(1));
            out.append(gids == null ? "none" : gids);
            for (String q : List.of(ClusterRecords.WORK, ClusterRecords.FIFO)) {
                Map<String, String> at = factory.admin().getQueueAttributes(q);
                out.append("; ").append(q).append(" visible ").append(at.get("ApproximateNumberOfMessages"))
                        .append(", in flight ").append(at.get("ApproximateNumberOfMessagesNotVisible"));
            }
            return out.toString();
        } catch (Exception e) {
            return "unreadable: " + e;
        }
    }

    private List<String> sendWork(String prefix, int count) {
        List<String> bodies = new ArrayList<>();
        try (JMSContext c = factory.createContext()) {
            Queue q = c.createQueue(ClusterRecords.WORK);
            JMSProducer p = c.createProducer();
            for (int i = 0; i < count; i++) {
                String body = prefix + "-" + i;
                p.send(q, body);
                bodies.add(body);
                pace(i);
            }
        }
        return bodies;
    }

    /** Sends to the standard queue, 50 a second, until {@code enough}. */
    private List<String> sendUntil(String prefix, AtomicBoolean enough) {
        List<String> bodies = new ArrayList<>();
        try (JMSContext c = factory.createContext()) {
            Queue q = c.createQueue(ClusterRecords.WORK);
            JMSProducer p = c.createProducer();
            while (!enough.get()) {
                String body = prefix + "-" + bodies.size();
                p.send(q, body);
                bodies.add(body);
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return bodies;
    }

    /** Holds a sender 20 ms after every 10th message: about 500 a second, fewer than the nodes consume. */
    private static void pace(int i) {
        if (i % 10 == 9) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** Sends {@code perGroup} messages to each of the groups, interleaved, with their sequence numbers. */
    private List<String> sendFifo(String prefix, int perGroup) {
        List<String> bodies = new ArrayList<>();
        try (JMSContext c = factory.createContext()) {
            Queue q = c.createQueue(ClusterRecords.FIFO);
            for (int i = 0; i < perGroup; i++) {
                for (int g = 0; g < GROUPS; g++) {
                    String body = prefix + "-g" + g + "-" + i;
                    TextMessage m = c.createTextMessage(body);
                    m.setStringProperty("JMSXGroupID", prefix + "-g" + g);
                    m.setIntProperty("seq", i);
                    c.createProducer().send(q, m);
                    bodies.add(body);
                    pace(bodies.size() - 1);
                }
            }
        } catch (jakarta.jms.JMSException e) {
            throw new IllegalStateException(e);
        }
        return bodies;
    }

    private List<Row> awaitRows(String kind, String prefix, int count) throws Exception {
        Awaits.until(() -> count(prefix) >= count, LIMIT, count + " deliveries of " + prefix + "*");
        return rows(prefix).stream().filter(r -> r.kind().equals(kind)).toList();
    }

    private static void assertOnceEach(List<String> bodies, List<Row> rows) {
        Map<String, Long> times = rows.stream().collect(Collectors.groupingBy(Row::body, Collectors.counting()));
        List<String> lost = bodies.stream().filter(b -> !times.containsKey(b)).toList();
        List<String> twice = times.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
        assertEquals(List.of(), lost, "messages never consumed");
        assertEquals(List.of(), twice, "messages consumed more than once");
        assertEquals(bodies.size(), rows.size(), "rows");
    }

    /** In each group, by the time each delivery began: the sequence 0, 1, ..., each after the last one ended. */
    private static void assertGroupsInOrder(List<Row> rows, int perGroup) {
        Map<String, List<Row>> groups = rows.stream().collect(Collectors.groupingBy(Row::group, TreeMap::new,
                Collectors.toList()));
        assertEquals(GROUPS, groups.size(), "groups");
        for (Map.Entry<String, List<Row>> g : groups.entrySet()) {
            List<Row> in = g.getValue().stream().sorted(Comparator.comparingLong(Row::entered)).toList();
            assertEquals(perGroup, in.size(), g.getKey());
            for (int i = 0; i < in.size(); i++) {
                assertEquals(i, in.get(i).seq(), g.getKey() + " out of order: " + in);
                if (i > 0) {
                    assertTrue(in.get(i - 1).done() <= in.get(i).entered(), g.getKey() + ": " + in.get(i - 1)
                            + " and " + in.get(i) + " were delivered at once");
                }
            }
        }
    }

    private static long switches(List<Row> rows) {
        Map<String, List<Row>> groups = rows.stream().collect(Collectors.groupingBy(Row::group));
        long n = 0;
        for (List<Row> g : groups.values()) {
            List<Row> in = g.stream().sorted(Comparator.comparingLong(Row::entered)).toList();
            for (int i = 1; i < in.size(); i++) {
                n += in.get(i).node().equals(in.get(i - 1).node()) ? 0 : 1;
            }
        }
        return n;
    }

    private static Map<String, Long> perNode(List<Row> rows) {
        return rows.stream().collect(Collectors.groupingBy(Row::node, TreeMap::new, Collectors.counting()));
    }

    private long count(String prefix) {
        return query("SELECT count(*) FROM " + ClusterRecords.TABLE + " WHERE body LIKE '" + prefix + "%'",
                r -> r.getLong(1));
    }

    private long lastDone(String prefix) {
        return query("SELECT coalesce(max(done), 0) FROM " + ClusterRecords.TABLE + " WHERE body LIKE '" + prefix + "%'",
                r -> r.getLong(1));
    }

    /** Prepared transactions of the database: Wharf's branches and the records' data source's. */
    private int prepared() {
        return query("SELECT count(*) FROM pg_prepared_xacts", r -> r.getInt(1));
    }

    private List<Row> rows(String prefix) {
        List<Row> out = new ArrayList<>();
        query("SELECT kind, body, node, grp, seq, deliveries, entered, done FROM " + ClusterRecords.TABLE
                + " WHERE body LIKE '" + prefix + "%'", r -> {
                    do {
                        out.add(new Row(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getInt(5),
                                r.getInt(6), r.getLong(7), r.getLong(8)));
                    } while (r.next());
                    return null;
                });
        return out;
    }

    private interface Read<T> {
        T apply(ResultSet r) throws SQLException;
    }

    /** {@code read} of the first row of {@code sql}'s result (not called when there is none). */
    private <T> T query(String sql, Read<T> read) {
        try (Connection c = database.call(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            return r.next() ? read.apply(r) : null;
        } catch (Exception e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** Stops both nodes and closes the test's store. */
    public void close() throws Exception {
        Exception failure = null;
        for (AutoCloseable c : new AutoCloseable[] {a, b, factory == null ? null : factory::closeStore}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
