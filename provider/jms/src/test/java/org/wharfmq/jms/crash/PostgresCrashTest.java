package org.wharfmq.jms.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * Three JVMs ({@link PostgresLoadChild}) on one PostgreSQL database under load, while one JVM is
 * killed with kill -9 again and again (and started again), the server restarts twice at once
 * ({@code pg_ctl restart -m immediate}) and the store's backends are terminated
 * ({@code pg_terminate_backend}). Then the sends stop, the JVMs drain the queues, and the test
 * reads what they printed: nothing acknowledged is lost or delivered again after its
 * acknowledgement, each FIFO group keeps its order, the messages a killed JVM held come back
 * after their visibility timeout, and after each restart and each termination every JVM sends
 * and acknowledges again within 10 s. It prints the figures of docs/postgres.md, "Faults".
 * Outside the quick pass: after {@code mvn -B install -DskipTests},
 * {@code mvn -B verify -pl provider/jms -Ppostgres-faults}.
 */
@Tag("postgres-faults")
class PostgresCrashTest {
    private static final int VISIBILITY_SECONDS = 5;
    private static final int JVMS = 3;
    private static final Duration STEP = Duration.ofSeconds(8);
    private static final Duration RECOVERY = Duration.ofSeconds(10);
    private static final Duration RECOVERY_DEADLINE = Duration.ofSeconds(30);
    private static final Duration START_DEADLINE = Duration.ofSeconds(60);
    private static final Duration DRAIN_DEADLINE = Duration.ofSeconds(180);
    private static final List<String> SCHEDULE = List.of("kill", "terminate", "kill", "restart", "kill",
            "terminate", "kill", "restart", "kill", "terminate");

    @TempDir
    Path tmp;

    /** A complete line a JVM printed: its words after the JVM's name. */
    private record Line(String jvm, String[] w) {
        long micros() {
            return Long.parseLong(w[w.length - 1]);
        }
    }

    private final List<Line> lines = Collections.synchronizedList(new ArrayList<>());
    private final List<Child> children = new ArrayList<>();
    private final List<Child> all = Collections.synchronizedList(new ArrayList<>());

    /** One incarnation of a JVM in a slot; what the test last read from it. */
    private final class Child {
        final int slot;
        final int incarnation;
        final Process process;
        final OutputStream stdin;
        volatile boolean started;
        volatile boolean stopped;
        volatile long lastSendNanos;
        volatile long lastWorkSettleNanos;
        volatile long lastFifoSettleNanos;

        Child(int slot, int incarnation, String url) throws IOException {
            this.slot = slot;
            this.incarnation = incarnation;
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    PostgresLoadChild.class.getName(), url, Integer.toString(slot), Integer.toString(incarnation))
                    .redirectError(ProcessBuilder.Redirect.appendTo(tmp.resolve("jvm-" + slot + ".err").toFile()))
                    .start();
            stdin = process.getOutputStream();
            Thread reader = new Thread(this::read, "read-" + name());
            reader.setDaemon(true);
            reader.start();
            all.add(this);
        }

        String name() {
            return slot + "-" + incarnation;
        }

        private void read() {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (!line.endsWith(" .")) {
                        continue; // cut short by the kill
                    }
                    String[] w = line.substring(0, line.length() - 2).split(" ");
                    long now = System.nanoTime();
                    switch (w[0]) {
                        case "STARTED" -> started = true;
                        case "STOPPED" -> stopped = true;
                        case "SENT" -> lastSendNanos = now;
                        case "SETTLED" -> {
                            if (w[1].equals(PostgresLoadChild.WORK)) {
                                lastWorkSettleNanos = now;
                            } else {
                                lastFifoSettleNanos = now;
                            }
                        }
                        default -> {
                        }
                    }
                    lines.add(new Line(name(), w));
                }
            } catch (IOException e) {
                // the pipe breaks when the JVM is killed: the end of its output
            }
        }

        void tell(String command) throws IOException {
            stdin.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }

        boolean progressedSince(long nanos) {
            return lastSendNanos > nanos && lastWorkSettleNanos > nanos && lastFifoSettleNanos > nanos;
        }
    }

    /**
     * A fault the test made: what, when (wall clock, µs), how long until every JVM went on, and for
     * a kill how long its successor took to start.
     */
    private record Fault(String kind, String detail, long micros, double recoverySeconds, double restartSeconds) {
    }

    @AfterEach
    void killLeftovers() throws InterruptedException {
        for (Child c : all) {
            c.process.destroyForcibly();
            c.process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void nothingAcknowledgedIsLostOrRepeatedAndFifoOrderHoldsThroughKillsRestartsAndTerminations() throws Exception {
        TestStores.assumeDefaultRun("it starts a PostgreSQL server of its own");
        try (PostgresServer server = PostgresServer.start(true)) {
            String url = server.storeUrlOfSchema("w_crash");
            WharfConnectionFactory factory = new WharfConnectionFactory(url);
            Map<String, String> visibility = Map.of("VisibilityTimeout", Integer.toString(VISIBILITY_SECONDS));
            factory.admin().declare(PostgresLoadChild.WORK, visibility);
            Map<String, String> fifo = new HashMap<>(visibility);
            fifo.put("FifoQueue", "true");
            factory.admin().declare(PostgresLoadChild.FIFO, fifo);
            for (int slot = 0; slot < JVMS; slot++) {
                children.add(new Child(slot, 0, url));
            }
            for (Child c : children) {
                await(() -> c.started, START_DEADLINE, "JVM " + c.name() + " started");
            }
            long began = micros();
            run(STEP);
            List<Fault> faults = new ArrayList<>();
            for (String kind : SCHEDULE) {
                faults.add(switch (kind) {
                    case "kill" -> kill(url);
                    case "restart" -> {
                        server.restartImmediately();
                        yield recovered("restart", "", micros(), System.nanoTime());
                    }
                    default -> terminate(server);
                });
                run(STEP);
            }
            long loadEnded = micros();
            for (Child c : children) {
                c.tell("STOP");
            }
            for (Child c : children) {
                await(() -> c.stopped, START_DEADLINE, "JVM " + c.name() + " stopped sending");
            }
            long drainStart = System.nanoTime();
            await(() -> drained(factory), DRAIN_DEADLINE, "the queues drained");
            double drainSeconds = (System.nanoTime() - drainStart) / 1e9;
            for (Child c : children) {
                c.tell("EXIT");
            }
            for (Child c : children) {
                assertTrue(c.process.waitFor(START_DEADLINE.toSeconds(), TimeUnit.SECONDS), c.name() + " exited");
                assertEquals(0, c.process.exitValue(), "JVM " + c.name() + " ended cleanly");
            }
            factory.closeStore();
            check(faults, (loadEnded - began) / 1e6, drainSeconds);
        }
    }

    /** Kills slot 0's JVM with SIGKILL and starts it again. */
    private Fault kill(String url) throws Exception {
        Child dead = children.get(0);
        dead.process.toHandle().destroyForcibly();
        assertTrue(dead.process.waitFor(30, TimeUnit.SECONDS), "the killed JVM ended");
        long at = micros();
        long start = System.nanoTime();
        Child next = new Child(0, dead.incarnation + 1, url);
        children.set(0, next);
        await(() -> next.started, START_DEADLINE, "JVM " + next.name() + " started");
        return new Fault("kill", dead.name(), at, -1, (System.nanoTime() - start) / 1e9);
    }

    /** Terminates every backend of the store's connections (the test's own among them). */
    private Fault terminate(PostgresServer server) throws Exception {
        int n = 0;
        try (java.sql.Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                     + "WHERE application_name = 'wharf' AND pid <> pg_backend_pid()")) {
            while (r.next()) {
                n += r.getBoolean(1) ? 1 : 0;
            }
        }
        return recovered("terminate", n + " backends", micros(), System.nanoTime());
    }

    /** Waits until every JVM sent and settled on both queues after {@code nanos}; records how long that took. */
    private Fault recovered(String kind, String detail, long micros, long nanos) {
        long until = nanos + RECOVERY_DEADLINE.toNanos();
        while (System.nanoTime() < until && !children.stream().allMatch(c -> c.progressedSince(nanos))) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        long latest = children.stream().mapToLong(c -> Math.max(c.lastSendNanos,
                Math.max(c.lastWorkSettleNanos, c.lastFifoSettleNanos))).max().orElse(nanos);
        boolean all = children.stream().allMatch(c -> c.progressedSince(nanos));
        return new Fault(kind, detail, micros, all ? (latest - nanos) / 1e9 : -1, -1);
    }

    private static boolean drained(WharfConnectionFactory factory) {
        try {
            for (String q : List.of(PostgresLoadChild.WORK, PostgresLoadChild.FIFO)) {
                Map<String, String> a = factory.admin().getQueueAttributes(q);
                if (!"0".equals(a.get("ApproximateNumberOfMessages"))
                        || !"0".equals(a.get("ApproximateNumberOfMessagesNotVisible"))) {
                    return false;
                }
            }
            return true;
        } catch (JMSException e) {
            return false;
        }
    }

    /** One delivery: a GOT line; {@code index} is its place in the order the test read the lines. */
    private record Got(String jvm, String queue, long batch, String key, long micros, int index) {
        String batchId() {
            return jvm + " " + queue + " " + batch;
        }
    }

    private void check(List<Fault> faults, double loadSeconds, double drainSeconds) {
        Set<String> sent = new HashSet<>();
        List<Got> gots = new ArrayList<>();
        Map<String, Long> settling = new HashMap<>();
        Map<String, Long> settled = new HashMap<>();
        Set<String> released = new HashSet<>();
        Map<String, Integer> errors = new TreeMap<>();
        List<String> unnamed = new ArrayList<>();
        synchronized (lines) {
            for (Line l : lines) {
                String[] w = l.w();
                switch (w[0]) {
                    case "SENT" -> sent.add(w[1]);
                    case "GOT" -> gots.add(new Got(l.jvm(), w[1], Long.parseLong(w[2]), w[3], l.micros(), gots.size()));
                    case "SETTLING" -> settling.put(l.jvm() + " " + w[1] + " " + w[2], l.micros());
                    case "SETTLED" -> settled.put(l.jvm() + " " + w[1] + " " + w[2], l.micros());
                    case "RELEASED" -> released.add(l.jvm() + " " + w[1] + " " + w[2]);
                    case "ERR" -> {
                        String text = String.join(" ", w);
                        errors.merge(w[1], 1, Integer::sum);
                        if (!text.contains("PostgreSQL store")) {
                            unnamed.add(l.jvm() + " " + text);
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        gots.sort(Comparator.comparingLong(Got::micros));
        // When each key was first settled, and by which batch.
        Map<String, Got> firstSettled = new HashMap<>();
        Set<String> inDoubt = new HashSet<>();
        Map<String, Integer> settles = new HashMap<>();
        for (Got g : gots) {
            Long at = settled.get(g.batchId());
            if (at != null) {
                settles.merge(g.key(), 1, Integer::sum);
                Got before = firstSettled.get(g.key());
                if (before == null || settled.get(before.batchId()) > at) {
                    firstSettled.put(g.key(), g);
                }
            } else if (settling.containsKey(g.batchId())) {
                inDoubt.add(g.key()); // acknowledge() or commit() failed or was cut by a kill: it may have deleted
            }
        }
        inDoubt.removeAll(firstSettled.keySet());
        List<String> lost = sent.stream().filter(k -> !firstSettled.containsKey(k) && !inDoubt.contains(k))
                .sorted().toList();
        List<String> again = new ArrayList<>();
        for (Got g : gots) {
            Got first = firstSettled.get(g.key());
            if (first != null && g.micros() > settled.get(first.batchId())) {
                again.add(g.key() + " to " + g.jvm() + " after " + first.jvm() + " settled it");
            }
        }
        List<String> twice = settles.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey)
                .sorted().toList();
        List<String> orderBreaks = fifoOrderBreaks(gots, firstSettled, settling);
        List<String> notBack = new ArrayList<>();
        List<Double> backAfterKill = new ArrayList<>();
        for (Fault f : faults) {
            if (f.kind().equals("kill")) {
                comeBack(f, gots, firstSettled, settled, released, settling, notBack, backAfterKill);
            }
        }

        long settledCount = firstSettled.size();
        StringBuilder out = new StringBuilder("PostgresCrashTest: ").append(JVMS).append(" JVMs, ")
                .append(String.format("%.0f s of load, drained in %.1f s%n", loadSeconds, drainSeconds));
        for (Fault f : faults) {
            out.append(String.format("  %-9s %-12s %s%n", f.kind(), f.detail(), f.kind().equals("kill")
                    ? String.format("its successor started in %.1f s", f.restartSeconds())
                    : f.recoverySeconds() < 0 ? "no recovery within " + RECOVERY_DEADLINE.toSeconds() + " s"
                    : String.format("every JVM sent and settled again after %.1f s", f.recoverySeconds())));
        }
        out.append(String.format("  kills=%d restarts=%d terminations=%d (backends %s)%n",
                count(faults, "kill"), count(faults, "restart"), count(faults, "terminate"),
                faults.stream().filter(f -> f.kind().equals("terminate")).map(Fault::detail).toList()));
        out.append(String.format("  sent=%d (acknowledged sends) deliveries=%d acknowledged=%d inDoubt=%d "
                        + "lost=%d again=%d settledTwice=%d fifoOrderBreaks=%d%n",
                sent.size(), gots.size(), settledCount, inDoubt.size(), lost.size(), again.size(), twice.size(),
                orderBreaks.size()));
        out.append(String.format("  held by a killed JVM: %d messages, back %s s after the kill (visibility %d s), "
                + "not back: %d%n", backAfterKill.size(), range(backAfterKill), VISIBILITY_SECONDS, notBack.size()));
        out.append("  errors by worker ").append(errors).append(", not naming the store: ").append(unnamed.size())
                .append('\n');
        unnamed.stream().limit(5).forEach(u -> out.append("    ").append(u).append('\n'));
        System.out.print(out);

        assertEquals(List.of(), lost.stream().limit(20).toList(), "acknowledged sends never acknowledged by a consumer");
        assertEquals(List.of(), again.stream().limit(20).toList(), "delivered again after an acknowledgement");
        assertEquals(List.of(), twice.stream().limit(20).toList(), "acknowledged twice");
        assertEquals(List.of(), orderBreaks.stream().limit(20).toList(), "FIFO order breaks");
        assertEquals(List.of(), notBack.stream().limit(20).toList(), "held by a killed JVM and not back in time");
        assertTrue(backAfterKill.size() > 0, "some kill caught messages in flight");
        for (Fault f : faults) {
            if (!f.kind().equals("kill")) {
                assertTrue(f.recoverySeconds() >= 0 && f.recoverySeconds() <= RECOVERY.toSeconds(),
                        "every JVM went on within " + RECOVERY.toSeconds() + " s of the " + f.kind() + ": " + out);
            }
        }
        assertEquals(List.of(), unnamed.stream().limit(20).toList(), "errors that do not name the store");
    }

    /**
     * A delivery of FIFO message b breaks order unless its group's committed predecessor p (the
     * largest committed key before b) came earlier in b's batch, or p's batch began its commit
     * before b was received.
     */
    private static List<String> fifoOrderBreaks(List<Got> gots, Map<String, Got> firstSettled,
                                                Map<String, Long> settling) {
        Map<String, TreeMap<Seq, Got>> committedByGroup = new HashMap<>();
        for (Got g : firstSettled.values()) {
            if (g.queue().equals(PostgresLoadChild.FIFO)) {
                Seq s = Seq.of(g.key());
                committedByGroup.computeIfAbsent(s.group(), k -> new TreeMap<>()).put(s, g);
            }
        }
        Map<String, List<Got>> byBatch = new HashMap<>();
        gots.forEach(g -> byBatch.computeIfAbsent(g.batchId(), k -> new ArrayList<>()).add(g));
        List<String> breaks = new ArrayList<>();
        for (Got b : gots) {
            if (!b.queue().equals(PostgresLoadChild.FIFO)) {
                continue;
            }
            Seq s = Seq.of(b.key());
            TreeMap<Seq, Got> committed = committedByGroup.getOrDefault(s.group(), new TreeMap<>());
            Map.Entry<Seq, Got> pred = committed.lowerEntry(s);
            if (pred == null) {
                continue;
            }
            Got p = pred.getValue();
            boolean earlierInBatch = byBatch.get(b.batchId()).stream()
                    .anyMatch(x -> x.key().equals(p.key()) && x.index() < b.index());
            if (!earlierInBatch && settling.get(p.batchId()) > b.micros()) {
                breaks.add(b.key() + " to " + b.jvm() + " before " + p.key() + " was committed by " + p.jvm());
            }
        }
        return breaks;
    }

    /** A FIFO key's place in its group: the sender's incarnation, then its count. */
    private record Seq(String group, int incarnation, long n) implements Comparable<Seq> {
        static Seq of(String key) {
            String[] p = key.split("\\.");
            return new Seq(p[1], Integer.parseInt(p[2].substring(p[2].indexOf('-') + 1)), Long.parseLong(p[3]));
        }

        @Override
        public int compareTo(Seq o) {
            return Comparator.comparing(Seq::group).thenComparingInt(Seq::incarnation).thenComparingLong(Seq::n)
                    .compare(this, o);
        }
    }

    /**
     * The messages the JVM killed in {@code kill} held (it got them last, and neither settled nor
     * gave them back before the kill) must come back, and not before their visibility timeout ended.
     */
    private static void comeBack(Fault kill, List<Got> gots, Map<String, Got> firstSettled, Map<String, Long> settled,
                                 Set<String> released, Map<String, Long> settling, List<String> notBack, List<Double> backAfterKill) {
        Map<String, Got> lastBefore = new HashMap<>();
        Map<String, Got> firstAfter = new HashMap<>();
        for (Got g : gots) {
            if (g.micros() < kill.micros()) {
                lastBefore.put(g.key(), g);
            } else {
                firstAfter.putIfAbsent(g.key(), g);
            }
        }
        for (Got held : lastBefore.values()) {
            Got first = firstSettled.get(held.key());
            boolean settledBefore = first != null && settled.get(first.batchId()) < kill.micros();
            if (!held.jvm().equals(kill.detail()) || settledBefore || settling.containsKey(held.batchId())
                    || released.contains(held.batchId())) {
                continue;
            }
            Got back = firstAfter.get(held.key());
            long earliest = held.micros() + TimeUnit.SECONDS.toMicros(VISIBILITY_SECONDS - 1);
            if (back == null) {
                notBack.add(held.key() + " held by " + held.jvm() + " never came back");
            } else if (back.micros() < earliest) {
                notBack.add(held.key() + " came back " + (back.micros() - held.micros()) / 1000
                        + " ms after it was received, before its visibility timeout");
            } else {
                backAfterKill.add((back.micros() - kill.micros()) / 1e6);
            }
        }
    }

    private String stderrTail(int slot) {
        try {
            String text = java.nio.file.Files.readString(tmp.resolve("jvm-" + slot + ".err"));
            return text.substring(Math.max(0, text.length() - 4000));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static long count(List<Fault> faults, String kind) {
        return faults.stream().filter(f -> f.kind().equals(kind)).count();
    }

    private static String range(List<Double> values) {
        return values.isEmpty() ? "-" : String.format("%.1f-%.1f", Collections.min(values), Collections.max(values));
    }

    private static long micros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    /** Lets the load run for {@code time}: the spacing of the faults, not a wait for a condition. */
    private static void run(Duration time) {
        long until = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < until) {
            LockSupport.parkNanos(until - System.nanoTime());
        }
    }

    private void await(BooleanSupplier condition, Duration deadline, String what) {
        long until = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                fail("not within " + deadline.toSeconds() + " s: " + what + "; the end of JVM 0's stderr:\n"
                        + stderrTail(0));
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }
}
