package org.wharfmq.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A {@link StoreHolder} in a JVM of its own, on this test's class path; {@link #close} stops it. */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final String address;

    private ChildJvm(Process process, String address) {
        this.process = process;
        this.address = address;
    }

    /** Starts {@code StoreHolder args}, with {@code env} added, and waits for it to be ready. */
    static ChildJvm start(Path log, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.rmi.server.hostname=127.0.0.1", "-cp", System.getProperty("java.class.path"),
                StoreHolder.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
            try {
                return lines.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        String line;
        try {
            line = ready.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            line = null;
        }
        if (line == null || !line.startsWith("ready ")) {
            p.destroyForcibly();
            throw new IOException("the store holder did not start (" + line + "); see " + log);
        }
        return new ChildJvm(p, line.substring("ready ".length()));
    }

    long pid() {
        return process.pid();
    }

    /** The JMX service URL of its connector. */
    String jmxAddress() {
        return address;
    }

    /** Ends its standard input, so it releases the store and exits; kills it if it has not within 30 s. */
    @Override
    public void close() throws IOException {
        process.getOutputStream().close();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
