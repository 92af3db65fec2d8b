package org.wharfmq.ra.it.wildfly;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.wharfmq.ra.it.Awaits;
import org.wharfmq.ra.it.ClusterNode;
import org.wharfmq.ra.it.ClusterRecords;
import org.wildfly.core.launcher.Launcher;
import org.wildfly.core.launcher.StandaloneCommandBuilder;

/**
 * A WildFly server of a cluster test: {@code standalone-full.xml} in a base directory of its own (a
 * copy of the distribution's {@code standalone}, so its data and transaction log are its own), on
 * 127.0.0.1 with its ports offset, its own transaction node identifier, and the scanner's
 * {@code deployments} directory for what it deploys, which it deploys again when it starts.
 */
final class WildFlyNode implements ClusterNode {
    private static final Duration START = Duration.ofSeconds(180);

    private final Path home;
    private final Path base;
    private final String name;
    private final int offset;
    private Process process;

    WildFlyNode(Path home, Path base, String name, int offset) {
        this.home = home;
        this.base = base;
        this.name = name;
        this.offset = offset;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() throws Exception {
        if (!Files.isDirectory(base)) {
            copy(home.resolve("standalone"), base);
        }
        ClusterNode.requireFree(name, 8080 + offset, 9990 + offset);
        Path log = base.resolve("console.log");
        long from = Files.exists(log) ? Files.size(log) : 0;
        StandaloneCommandBuilder command = StandaloneCommandBuilder.of(home).setBaseDirectory(base)
                .setServerConfiguration("standalone-full.xml")
                .addJavaOptions("-Xms128m", "-Xmx768m", "-Djboss.bind.address=127.0.0.1",
                        "-Djboss.bind.address.management=127.0.0.1", "-Djboss.socket.binding.port-offset=" + offset,
                        "-Djboss.tx.node.id=" + name, "-D" + ClusterRecords.NODE + "=" + name,
                        // Recovery every 5 s instead of every 2 minutes.
                        "-DRecoveryEnvironmentBean.periodicRecoveryPeriod=5",
                        "-DRecoveryEnvironmentBean.recoveryBackoffPeriod=1");
        process = Launcher.of(command).setRedirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).launch();
        Awaits.until(() -> !process.isAlive() || logSince(log, from).contains("WFLYSRV0025")
                || logSince(log, from).contains("WFLYSRV0026"), START, name + " starting");
        String started = logSince(log, from);
        if (!process.isAlive() || !started.contains("WFLYSRV0025")) {
            throw new IllegalStateException(name + " did not start cleanly; its console since the start:\n" + tail(started));
        }
    }

    @Override
    public void deploy(Path... archives) throws Exception {
        Path deployments = base.resolve("deployments");
        for (Path a : archives) {
            String file = a.getFileName().toString();
            Path done = deployments.resolve(file + ".deployed");
            Path failed = deployments.resolve(file + ".failed");
            Files.deleteIfExists(done);
            Files.copy(a, deployments.resolve(file), StandardCopyOption.REPLACE_EXISTING);
            Awaits.until(() -> Files.exists(done) || Files.exists(failed), START, name + " deploying " + file);
            if (Files.exists(failed)) {
                throw new IllegalStateException(name + " failed to deploy " + file + ": "
                        + Files.readString(failed, StandardCharsets.UTF_8));
            }
        }
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public void kill() throws Exception {
        process.destroyForcibly();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException(name + " did not die");
        }
    }

    @Override
    public void close() throws Exception {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private static String logSince(Path log, long from) {
        try {
            byte[] all = Files.readAllBytes(log);
            return new String(all, (int) Math.min(from, all.length), all.length - (int) Math.min(from, all.length),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String tail(String text) {
        return text.length() <= 6000 ? text : text.substring(text.length() - 6000);
    }

    /** Copies the distribution's {@code standalone} without its data, logs and deployments. */
    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path rel = from.relativize(p);
                String top = rel.getNameCount() == 0 ? "" : rel.getName(0).toString();
                if (top.equals("data") || top.equals("log") || top.equals("tmp")
                        || top.equals("deployments") && rel.getNameCount() > 1) {
                    continue;
                }
                Path target = to.resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
