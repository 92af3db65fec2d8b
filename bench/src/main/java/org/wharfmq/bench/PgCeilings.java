package org.wharfmq.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * The server's own limits, measured with pgbench on a {@code wharf_message} table that a Wharf store
 * created (so with its indexes, fillfactor and autovacuum settings): plain inserts of 1 KiB bodies,
 * 1 or 100 per commit, and Wharf's claim of a standard queue (the ready-index query, {@code FOR
 * UPDATE SKIP LOCKED}, 10 at a time) followed by the delete of what it claimed, in one transaction.
 */
final class PgCeilings {
    static final String INSERT_1 = "insert, 1 per commit, 1 client";
    static final String INSERT_100 = "insert, 100 per commit, 1 client";
    static final String CLAIM_DELETE = "claim and delete, 10 per commit, 4 clients";
    /** Messages of the pgbench table's queue (no wharf_queue row: the table has no foreign key). */
    private static final int QUEUE = 1;
    private static final Pattern TPS = Pattern.compile("tps = ([0-9.]+) \\(without initial connection time\\)");

    private final PostgresServer server;
    private final String schema;
    private final Path dir;

    /** pgbench on {@code schema}'s {@code wharf_message}, with its scripts in {@code dir}. */
    PgCeilings(PostgresServer server, String schema, Path dir) {
        this.server = server;
        this.schema = schema;
        this.dir = dir;
    }

    /** Rows of 1 KiB bodies inserted per second, {@code perCommit} per transaction, over {@code seconds}. */
    double inserts(int perCommit, int seconds) throws Exception {
        StringBuilder script = new StringBuilder(perCommit > 1 ? "BEGIN;\n" : "");
        for (int i = 0; i < perCommit; i++) {
            script.append(insert()).append(";\n");
        }
        if (perCommit > 1) {
            script.append("COMMIT;\n");
        }
        return pgbench("insert-" + perCommit, script.toString(), 1, seconds) * perCommit;
    }

    /**
     * Messages claimed and deleted per second by {@code clients}, 10 per transaction, from a table
     * filled beforehand with {@code fill} messages; counted by the rows gone, and -1 if the table ran
     * dry (then the run's {@code fill} was too small to tell).
     */
    double claimAndDelete(int clients, int seconds, int fill) throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM " + schema + ".wharf_message");
            s.execute("INSERT INTO " + schema + ".wharf_message (queue_id, id, message_id, body, sent_at, visible_at, "
                    + "priority, expires_at) SELECT " + QUEUE + ", nextval('" + schema + ".wharf_message_id'), "
                    + "gen_random_uuid()::text, repeat('x', 1024), 0, 0, 0, 0 FROM generate_series(1, " + fill + ")");
            s.execute("VACUUM ANALYZE " + schema + ".wharf_message");
        }
        String script = "BEGIN;\n"
                + "SELECT COALESCE(array_agg(id), '{}') AS ids FROM (SELECT id, body FROM " + schema + ".wharf_message "
                + "WHERE queue_id = " + QUEUE + " AND NOT leased AND visible_at <= 9000000000000 "
                + "ORDER BY priority DESC, id LIMIT 10 FOR UPDATE SKIP LOCKED) claimed \\gset\n"
                + "DELETE FROM " + schema + ".wharf_message WHERE queue_id = " + QUEUE + " AND id = ANY (:ids::bigint[]);\n"
                + "COMMIT;\n";
        long start = System.nanoTime();
        pgbench("claim-delete", script, clients, seconds);
        double elapsed = (System.nanoTime() - start) / 1e9;
        long left;
        try (Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM " + schema + ".wharf_message")) {
            r.next();
            left = r.getLong(1);
        }
        // pgbench's own time excludes its connection setup; the rows gone over the whole run understate a little.
        return left == 0 ? -1 : (fill - left) / Math.min(elapsed, seconds);
    }

    private String insert() {
        return "INSERT INTO " + schema + ".wharf_message (queue_id, id, message_id, body, attributes, sent_at, "
                + "visible_at, priority, expires_at, group_id, dedup_id, source_queue) VALUES (" + QUEUE + ", nextval('"
                + schema + ".wharf_message_id'), gen_random_uuid()::text, '" + Workloads.BODY + "', NULL, 0, 0, 0, 0, "
                + "NULL, NULL, NULL)";
    }

    /** Runs {@code script} with pgbench ({@code -M prepared}), returning its transactions per second. */
    private double pgbench(String name, String script, int clients, int seconds) throws IOException,
            InterruptedException {
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".sql");
        Files.writeString(file, script);
        List<String> cmd = new ArrayList<>(List.of(server.bin().resolve("pgbench").toString(), "-h", "127.0.0.1",
                "-p", Integer.toString(server.port()), "-U", "postgres", "-n", "-M", "prepared",
                "-c", Integer.toString(clients), "-j", Integer.toString(clients), "-T", Integer.toString(seconds),
                "-f", file.toString(), "postgres"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds + 120L, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("pgbench " + name + " failed: " + out);
        }
        Matcher m = TPS.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("pgbench " + name + " printed no tps: " + out);
        }
        return Double.parseDouble(m.group(1));
    }
}
