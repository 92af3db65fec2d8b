package org.wharfmq.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs the benchmark: every selected scenario on Wharf and on ActiveMQ Artemis (default and
 * journalBufferTimeout 0), plus the disk's own fsync rate, and S8 on Wharf's SQS backend and the AWS
 * SQS JMS library, alternating systems round by round after a warm-up; then writes
 * {@code bench-results.json}, {@code bench-results.md} and {@code bench-results.png} to the output
 * directory.
 */
public final class Bench {
    /** S7's child JVM heap. */
    static final String S7_HEAP = "2g";
    /**
     * S12's child JVM heap, for both systems: Wharf's index of 10,000,000 messages (about 230 bytes
     * each on the heap in 2026-11) would not fit S7's.
     */
    static final String S12_HEAP = "4g";

    private final Settings settings;
    private final Results results = new Results();
    private final Path runDir;

    private Bench(Settings settings) {
        this.settings = settings;
        this.runDir = settings.out().resolve("bench-run");
    }

    public static void main(String[] args) throws Exception {
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        try {
            new Bench(settings).run();
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1);
        }
        // Artemis leaves non-daemon threads behind after its servers stop.
        System.exit(0);
    }

    private void run() throws Exception {
        deleteTree(runDir);
        Files.createDirectories(runDir);
        long start = System.nanoTime();
        if (settings.postgres()) {
            runOnPostgres(start);
            return;
        }
        Workloads workloads = new Workloads(settings);
        for (String scenario : settings.scenarios()) {
            switch (scenario) {
                case "S7", "S12" -> { } // below, in JVMs of their own
                case SqsScenario.SCENARIO -> new SqsScenario(settings, results).run();
                default -> measureOnFreshSystems(scenario, workloads);
            }
        }
        if (settings.scenarios().contains("S7")) {
            for (String system : List.of(WharfSystem.NAME, ArtemisSystem.DEFAULT)) {
                inOwnJvm("S7", BigQueue.class, S7_HEAP, system, settings.bigQueue(), settings.bigSample());
            }
        }
        if (settings.scenarios().contains("S12")) {
            for (String system : List.of(WharfSystem.NAME, ArtemisSystem.DEFAULT)) {
                inOwnJvm("S12", DeepQueue.class, S12_HEAP, system, settings.deepQueue(), settings.deepSample());
            }
        }
        Path out = settings.out();
        Files.createDirectories(out);
        Report.writeJson(results, out.resolve("bench-results.json"));
        String table = Report.markdown(results, machine());
        Files.writeString(out.resolve("bench-results.md"), table);
        Chart.writePng(results, out.resolve("bench-results.png"));
        System.out.println(table);
        System.out.printf("bench: %s run in %.0f s; results in %s%n", settings.quick() ? "quick" : "full",
                (System.nanoTime() - start) / 1e9, out.toAbsolutePath());
        deleteTree(runDir);
    }

    /** {@code --postgres}: writes {@code bench-postgres.json} and {@code bench-postgres.md}. */
    private void runOnPostgres(long start) throws Exception {
        new PostgresBench(settings, results, runDir).run();
        Path out = settings.out();
        Files.createDirectories(out);
        Report.writeJson(results, out.resolve("bench-postgres.json"));
        String table = PgReport.markdown(results, machine() + ", one PostgreSQL server with fsync on");
        Files.writeString(out.resolve("bench-postgres.md"), table);
        System.out.println(table);
        System.out.printf("bench --postgres: %s run in %.0f s; results in %s%n", settings.quick() ? "quick" : "full",
                (System.nanoTime() - start) / 1e9, out.toAbsolutePath());
        deleteTree(runDir);
    }

    /**
     * Runs a scenario on systems started for it on empty directories, so that what an earlier
     * scenario left in a store (or in the heap) does not slow it.
     */
    private void measureOnFreshSystems(String scenario, Workloads workloads) throws Exception {
        Path dir = runDir.resolve(scenario.toLowerCase());
        List<BenchSystem> systems = new ArrayList<>(List.of(BenchSystem.named(WharfSystem.NAME),
                BenchSystem.named(ArtemisSystem.DEFAULT), BenchSystem.named(ArtemisSystem.BT0)));
        if (scenario.equals("S2") || scenario.equals("S3")) {
            // What autoAck=durable costs where AUTO_ACKNOWLEDGE receives are measured.
            systems.add(BenchSystem.named(WharfSystem.DURABLE_ACK));
        }
        try {
            for (BenchSystem s : systems) {
                s.start(dir.resolve(s.name()));
            }
            measure(scenario, systems, workloads);
        } finally {
            for (BenchSystem s : systems) {
                s.close();
            }
        }
        deleteTree(dir);
    }

    /** A warm-up on every system, then the counted rounds, alternating the order of systems. */
    private void measure(String scenario, List<BenchSystem> systems, Workloads workloads) throws Exception {
        int disk = switch (scenario) {
            case "S1" -> 1;
            case "S3" -> 4;
            default -> 0;
        };
        for (BenchSystem s : systems) {
            workloads.run(scenario, s, scenario.toLowerCase() + "-warmup");
        }
        for (int round = 1; round <= settings.rounds(); round++) {
            List<BenchSystem> order = new ArrayList<>(systems);
            if (round % 2 == 0) {
                java.util.Collections.reverse(order);
            }
            for (BenchSystem s : order) {
                Map<String, Double> figures = workloads.run(scenario, s, scenario.toLowerCase() + "-r" + round);
                figures.forEach((metric, v) -> results.add(scenario, s.name(), metric, v));
                System.out.printf("%s round %d %-12s %s%n", scenario, round, s.name(), figures);
            }
            if (disk > 0) {
                double rate = Disk.fsyncsPerSecond(runDir.resolve("disk"), disk, settings.nanos());
                results.add(scenario, "disk", "fsync/s", rate);
                System.out.printf("%s round %d %-12s %.0f fsync/s (%d threads)%n", scenario, round, "disk", rate, disk);
            }
        }
    }

    /**
     * S7 or S12 ({@code main}: BigQueue or DeepQueue) in a JVM of its own with {@code heap} as its
     * -Xmx, so that the heap it reports is the system's; collects its {@code <scenario> metric value}
     * lines, then deletes its data.
     */
    private void inOwnJvm(String scenario, Class<?> main, String heap, String system, int count, int sample)
            throws Exception {
        Path dir = runDir.resolve(scenario.toLowerCase() + "-" + system);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-Xmx" + heap, "-cp",
                System.getProperty("java.class.path"), main.getName(), system, dir.toString(), Integer.toString(count),
                Integer.toString(sample), Integer.toString(settings.rounds()));
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p = pb.start();
        String prefix = scenario + " ";
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith(prefix)) {
                    int last = line.lastIndexOf(' ');
                    String metric = line.substring(prefix.length(), last);
                    double value = Double.parseDouble(line.substring(last + 1));
                    results.add(scenario, system, metric, value);
                    System.out.printf("%s %-12s %s %s%n", scenario, system, metric, Report.fmt(value));
                }
            }
        }
        int exit = p.waitFor();
        deleteTree(dir);
        if (exit != 0) {
            throw new IllegalStateException(scenario + " on " + system + " failed with exit code " + exit);
        }
    }

    private String machine() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", Java " + System.getProperty("java.version") + ", "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB max heap, data in " + runDir.toAbsolutePath()
                + (settings.quick() ? " (--quick: short rounds, a " + settings.bigQueue() + "-message S7 and a "
                + settings.deepQueue() + "-message S12; not figures to compare)" : "");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
