package org.wharfmq.store.postgres.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of this machine's binaries ({@code /usr/lib/postgresql/<version>/bin}, or
 * {@code wharf.test.pgbin}) in a new data directory, listening on 127.0.0.1 on a free port, with
 * prepared transactions on (XA needs them). As root it runs as the {@code postgres} user, since
 * PostgreSQL refuses to run as root. {@link #stop()} stops it and removes its directory.
 */
public final class PostgresServer implements AutoCloseable {
    private static PostgresServer shared;

    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asPostgresUser;

    private PostgresServer(Path bin, Path dir, int port, boolean asPostgresUser) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asPostgresUser = asPostgresUser;
    }

    /** The run's one server, started on first use and stopped when the JUnit run ends ({@link SharedPostgres}). */
    public static synchronized PostgresServer shared() {
        if (shared == null) {
            shared = start(false);
        }
        return shared;
    }

    static synchronized void stopShared() {
        if (shared != null) {
            shared.stop();
            shared = null;
        }
    }

    /** A new server on a free port; {@code durable} keeps fsync on (for a benchmark), otherwise it is off for speed. */
    public static PostgresServer start(boolean durable) {
        try {
            return start(freePort(), durable);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new server on {@code port}. */
    public static PostgresServer start(int port, boolean durable) {
        Path bin = binaries();
        boolean root = "root".equals(System.getProperty("user.name"));
        try {
            Path dir = Files.createTempDirectory("wharf-pg-");
            PostgresServer s = new PostgresServer(bin, dir, port, root);
            if (root) {
                s.run(List.of("chown", "-R", "postgres", dir.toString()), false);
            }
            s.run(List.of(bin.resolve("initdb").toString(), "-D", s.data().toString(), "-U", "postgres",
                    "-A", "trust", "-E", "UTF8", "--no-instructions"), true);
            List<String> config = new ArrayList<>(List.of("listen_addresses = '127.0.0.1'", "port = " + port,
                    "unix_socket_directories = ''", "max_prepared_transactions = 64", "max_connections = 300",
                    "shared_buffers = 128MB", "log_min_messages = fatal"));
            if (!durable) {
                config.addAll(List.of("fsync = off", "synchronous_commit = off", "full_page_writes = off"));
            }
            Files.write(s.data().resolve("postgresql.conf"), config, java.nio.file.StandardOpenOption.APPEND);
            s.pgCtl("start", "-w", "-l", dir.resolve("log").toString());
            Runtime.getRuntime().addShutdownHook(new Thread(s::stopQuietly, "wharf-pg-stop"));
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path binaries() {
        String given = System.getProperty("wharf.test.pgbin");
        if (given != null) {
            return Path.of(given);
        }
        Path root = Path.of("/usr/lib/postgresql");
        try (Stream<Path> versions = Files.isDirectory(root) ? Files.list(root) : Stream.empty()) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(Path::toString))
                    .orElseThrow(() -> new IllegalStateException("no PostgreSQL server binaries in " + root
                            + ": install Debian's postgresql package (as .ci/run does) or set -Dwharf.test.pgbin"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private Path data() {
        return dir.resolve("data");
    }

    public int port() {
        return port;
    }

    /** The directory of the server's binaries (pg_ctl, pgbench, psql). */
    public Path bin() {
        return bin;
    }

    /** A JDBC URL of database {@code db} as the superuser. */
    public String jdbcUrl(String db) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + db + "?user=postgres";
    }

    /** A Wharf store URL on a new schema of the {@code postgres} database. */
    public String storeUrl(String hint) {
        return storeUrlOfSchema(schemaName(hint + "_" + UUID.randomUUID()));
    }

    /** A Wharf store URL on schema {@code schema}. */
    public String storeUrlOfSchema(String schema) {
        return "wharf:postgresql://127.0.0.1:" + port + "/postgres?schema=" + schema + "&dbUser=postgres";
    }

    /** {@code text} as a schema name: lower-case letters, digits and underscores, at most 63 characters. */
    public static String schemaName(String text) {
        String s = "w_" + text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return s.length() <= 63 ? s : s.substring(0, 40) + "_" + Integer.toHexString(s.hashCode());
    }

    /** A superuser connection to database {@code postgres}. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl("postgres"));
    }

    /** Restarts the server at once, as a crash would ({@code pg_ctl restart -m immediate}). */
    public void restartImmediately() {
        pgCtl("restart", "-m", "immediate", "-w", "-l", dir.resolve("log").toString());
    }

    /** Stops the server ({@code -m immediate}) without starting it again. */
    public void kill() {
        pgCtl("stop", "-m", "immediate", "-w");
    }

    /** Starts a server stopped by {@link #kill()}. */
    public void startAgain() {
        pgCtl("start", "-w", "-l", dir.resolve("log").toString());
    }

    public void stop() {
        stopQuietly();
    }

    @Override
    public void close() {
        stop();
    }

    private synchronized void stopQuietly() {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            if (Files.exists(data().resolve("postmaster.pid"))) {
                pgCtl("stop", "-m", "fast", "-w");
            }
        } catch (RuntimeException e) {
            // removed below all the same
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind
        }
    }

    private void pgCtl(String... args) {
        List<String> cmd = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", data().toString()));
        cmd.addAll(List.of(args));
        run(cmd, true);
    }

    private void run(List<String> command, boolean asServerUser) {
        List<String> cmd = new ArrayList<>();
        if (asServerUser && asPostgresUser) {
            cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        cmd.addAll(command);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("commands.log").toFile().exists()
                            ? ProcessBuilder.Redirect.appendTo(dir.resolve("commands.log").toFile())
                            : ProcessBuilder.Redirect.to(dir.resolve("commands.log").toFile()))
                    .start();
            if (!p.waitFor(Duration.ofMinutes(2).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", cmd) + " took over 2 minutes");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): "
                        + Files.readString(dir.resolve("commands.log")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + cmd, e);
        }
    }
}
