package org.wharfmq.bench;

import jakarta.jms.Connection;
import jakarta.jms.Session;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * {@code --postgres}: on one durable PostgreSQL server (fsync on) that it starts on 127.0.0.1,
 * Wharf on {@code wharf:postgresql:} beside Artemis on its JDBC store in the Derby scenarios, each
 * pair on a new schema and database; the server's own limits by pgbench ({@link PgCeilings});
 * S3's total with 1, 2 and 3 JVMs on one queue ({@link PgScaling}); and a churn of sends and
 * leased receives, its receive rate at the end against its start and the dead tuples it leaves.
 */
final class PostgresBench {
    static final String WHARF = "wharf-pg";
    static final String PGBENCH = "pgbench";
    static final String CEILINGS = "ceilings";
    static final String SCALING = "scaling";
    static final String CHURN = "churn";
    static final int MAX_JVMS = 3;
    static final String CHURN_START = "receive msg/s, first tenth";
    static final String CHURN_END = "receive msg/s, last tenth";
    static final String DEAD_END = "n_dead_tup at end";
    static final String DEAD_MAX = "n_dead_tup, most seen";
    static final String LIVE_END = "rows at end";

    private final Settings settings;
    private final Results results;
    private final Path runDir;

    PostgresBench(Settings settings, Results results, Path runDir) {
        this.settings = settings;
        this.results = results;
        this.runDir = runDir;
    }

    void run() throws Exception {
        try (PostgresServer server = PostgresServer.start(true)) {
            Workloads workloads = new Workloads(settings);
            for (String scenario : settings.scenarios()) {
                scenario(server, scenario, workloads);
            }
            ceilings(server);
            scaling(server);
            churn(server);
        }
    }

    static String jvms(int n) {
        return n + (n == 1 ? " JVM" : " JVMs");
    }

    /** A scenario on Wharf and Artemis, each on a schema or database of its own, dropped afterwards. */
    private void scenario(PostgresServer server, String scenario, Workloads workloads) throws Exception {
        String wharfSchema = PostgresServer.schemaName(scenario + "_wharf");
        String artemisDb = "artemis_" + scenario.toLowerCase();
        List<BenchSystem> systems = List.of(WharfSystem.on(WHARF, dir -> server.storeUrlOfSchema(wharfSchema)),
                ArtemisSystem.onJdbc(dir -> {
                    sql(server, "CREATE DATABASE " + artemisDb);
                    return server.jdbcUrl(artemisDb);
                }));
        Path dir = runDir.resolve("pg-" + scenario.toLowerCase());
        try {
            for (BenchSystem s : systems) {
                s.start(dir.resolve(s.name()));
            }
            for (BenchSystem s : systems) {
                workloads.run(scenario, s, scenario.toLowerCase() + "-warmup");
            }
            for (int round = 1; round <= settings.rounds(); round++) {
                List<BenchSystem> order = new ArrayList<>(systems);
                if (round % 2 == 0) {
                    Collections.reverse(order);
                }
                for (BenchSystem s : order) {
                    Map<String, Double> figures = workloads.run(scenario, s, scenario.toLowerCase() + "-r" + round);
                    figures.forEach((metric, v) -> results.add(scenario, s.name(), metric, v));
                    System.out.printf("%s round %d %-12s %s%n", scenario, round, s.name(), figures);
                }
            }
        } finally {
            for (BenchSystem s : systems) {
                s.close();
            }
        }
        sql(server, "DROP SCHEMA IF EXISTS " + wharfSchema + " CASCADE");
        sql(server, "DROP DATABASE IF EXISTS " + artemisDb + " WITH (FORCE)");
    }

    /** pgbench's rates on a wharf_message table of a store's schema: a warm-up, then the counted rounds. */
    private void ceilings(PostgresServer server) throws Exception {
        String schema = PostgresServer.schemaName("pgbench");
        WharfConnectionFactory cf = new WharfConnectionFactory(server.storeUrlOfSchema(schema));
        try (Connection c = cf.createConnection()) {
            c.createSession(false, Session.AUTO_ACKNOWLEDGE).createQueue("made-by-the-first-open");
        } finally {
            cf.closeStore();
        }
        PgCeilings pgbench = new PgCeilings(server, schema, runDir.resolve("pgbench"));
        int seconds = (int) Math.max(1, Math.round(settings.seconds()));
        pgbench.inserts(1, seconds);
        pgbench.inserts(100, seconds);
        double warm = pgbench.claimAndDelete(4, seconds, 100_000);
        // Enough messages that the counted rounds do not run dry: twice the warm-up's rate.
        int fill = warm < 0 ? 400_000 : (int) Math.max(20_000, 2 * warm * seconds);
        for (int round = 1; round <= settings.rounds(); round++) {
            double one = pgbench.inserts(1, seconds);
            double hundred = pgbench.inserts(100, seconds);
            double claim = pgbench.claimAndDelete(4, seconds, fill);
            // A warm-up runs slower than the rounds after it: a round that ran dry is run again on twice as many.
            for (int again = 0; claim < 0 && again < 3; again++) {
                System.out.printf("ceilings round %d: claim and delete ran dry on %d messages; again on %d%n",
                        round, fill, 2 * fill);
                fill *= 2;
                claim = pgbench.claimAndDelete(4, seconds, fill);
            }
            results.add(CEILINGS, PGBENCH, PgCeilings.INSERT_1, one);
            results.add(CEILINGS, PGBENCH, PgCeilings.INSERT_100, hundred);
            if (claim < 0) {
                System.out.printf("ceilings round %d: claim and delete ran dry on %d messages%n", round, fill);
            } else {
                results.add(CEILINGS, PGBENCH, PgCeilings.CLAIM_DELETE, claim);
            }
            System.out.printf("ceilings round %d pgbench msg/s: %.0f insert x1, %.0f insert x100, %.0f claim-delete%n",
                    round, one, hundred, claim);
        }
        sql(server, "DROP SCHEMA " + schema + " CASCADE");
    }

    /** S3's total receive rate with 1 to {@value #MAX_JVMS} JVMs on one queue, started together. */
    private void scaling(PostgresServer server) throws Exception {
        String schema = PostgresServer.schemaName("scaling");
        String url = server.storeUrlOfSchema(schema);
        for (int round = 1; round <= settings.rounds(); round++) {
            for (int n = 1; n <= MAX_JVMS; n++) {
                double total = jvmsOnOneQueue(url, "scale-" + n + "-r" + round, n);
                results.add(SCALING, WHARF, jvms(n), total);
                System.out.printf("scaling round %d %s: S3 %.0f msg/s in total%n", round, jvms(n), total);
            }
        }
        sql(server, "DROP SCHEMA " + schema + " CASCADE");
    }

    private double jvmsOnOneQueue(String url, String queue, int n) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<Process> children = new ArrayList<>();
        List<BufferedReader> outs = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Xmx1g", "-cp",
                        System.getProperty("java.class.path"), PgScaling.class.getName(), url, queue,
                        Double.toString(settings.seconds()));
                pb.redirectError(ProcessBuilder.Redirect.INHERIT);
                Process p = pb.start();
                children.add(p);
                outs.add(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
            }
            for (BufferedReader out : outs) {
                expect(out, "ready");
            }
            for (Process p : children) {
                Writer in = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
                in.write("go\n");
                in.flush();
            }
            double total = 0;
            for (BufferedReader out : outs) {
                String line = expect(out, "S3 msg/s ");
                total += Double.parseDouble(line.substring("S3 msg/s ".length()));
            }
            for (Process p : children) {
                if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
                    throw new IllegalStateException("a scaling JVM did not end well");
                }
            }
            return total;
        } finally {
            children.forEach(Process::destroyForcibly);
        }
    }

    /** The first line of {@code out} that starts with {@code prefix}; fails if the process ends first. */
    private static String expect(BufferedReader out, String prefix) throws Exception {
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IllegalStateException("a scaling JVM ended before printing '" + prefix + "'");
    }

    /**
     * {@link Settings#churnMinutes()} of 4 producers and 4 CLIENT_ACKNOWLEDGE consumers (each
     * receive leases the row, its acknowledgement deletes it) on one queue; the receive rate in
     * windows of 10 s (shorter runs: a twelfth), and the table's dead tuples.
     */
    private void churn(PostgresServer server) throws Exception {
        String schema = PostgresServer.schemaName("churn");
        WharfConnectionFactory cf = new WharfConnectionFactory(server.storeUrlOfSchema(schema));
        long total = (long) (settings.churnMinutes() * 60e9);
        long window = Math.min(TimeUnit.SECONDS.toNanos(10), total / 12);
        List<Double> rates = new ArrayList<>();
        long maxDead = 0;
        long[] tuples;
        try (PgTraffic traffic = new PgTraffic(cf, "churn", 4, 4, Session.CLIENT_ACKNOWLEDGE)) {
            long start = System.nanoTime();
            long last = start;
            long lastCount = 0;
            while (last - start < total) {
                TimeUnit.NANOSECONDS.sleep(window);
                traffic.check();
                long now = System.nanoTime();
                long count = traffic.received();
                rates.add((count - lastCount) / ((now - last) / 1e9));
                last = now;
                lastCount = count;
                maxDead = Math.max(maxDead, tuples(server, schema)[0]);
            }
            tuples = tuples(server, schema);
        } finally {
            cf.closeStore();
        }
        int tenth = Math.max(1, rates.size() / 10);
        double first = mean(rates.subList(0, tenth));
        double end = mean(rates.subList(rates.size() - tenth, rates.size()));
        results.add(CHURN, WHARF, CHURN_START, first);
        results.add(CHURN, WHARF, CHURN_END, end);
        results.add(CHURN, WHARF, DEAD_END, tuples[0]);
        results.add(CHURN, WHARF, DEAD_MAX, Math.max(maxDead, tuples[0]));
        results.add(CHURN, WHARF, LIVE_END, tuples[1]);
        System.out.printf("churn %.1f min: receives %.0f msg/s at the start, %.0f at the end; n_dead_tup %d at the end"
                + " (most %d), %d rows%n", settings.churnMinutes(), first, end, tuples[0], maxDead, tuples[1]);
        sql(server, "DROP SCHEMA " + schema + " CASCADE");
    }

    /** The dead tuples of {@code schema}'s wharf_message as the statistics show them, and its rows. */
    private static long[] tuples(PostgresServer server, String schema) throws Exception {
        try (java.sql.Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT n_dead_tup, (SELECT count(*) FROM " + schema + ".wharf_message) "
                     + "FROM pg_stat_user_tables WHERE schemaname = '" + schema + "' AND relname = 'wharf_message'")) {
            return r.next() ? new long[] {r.getLong(1), r.getLong(2)} : new long[] {-1, -1};
        }
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static void sql(PostgresServer server, String sql) {
        try (java.sql.Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }
}
