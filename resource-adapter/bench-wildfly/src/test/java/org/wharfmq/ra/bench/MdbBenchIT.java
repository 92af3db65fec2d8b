package org.wharfmq.ra.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.wharfmq.bench.Disk;
import org.wharfmq.ra.bench.app.RunServlet;
import org.wharfmq.ra.bench.app.S11;

/**
 * S11 of the benchmark: one MDB application on one WildFly (standalone-full), whose MDBs receive from
 * Wharf's .rar (embedded Derby store) and from WildFly's own Artemis (messaging-activemq), an XA MDB
 * and a non-XA MDB on each. The server is set up with the CLI commands of docs/deploy-wildfly.md (the
 * .rar) and the CLI's {@code jms-queue add} and {@code xa-data-source add}; MDB pools and sessions
 * stay at their defaults. A setup's turn is two runs: its senders as fast as they go (msg/s, and
 * latencies that include the backlog if the MDB falls behind), then paced to the same rate on both
 * systems (latencies without a backlog). Each of the four setups takes two turns as a warm-up
 * ({@code s11.warmups}), then one in each counted round, in reverse order every other round. Figures (median, min-max over the
 * rounds) and the disk's fsync rates go to {@code target/s11-results.md}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class MdbBenchIT {
    private static final String SERVER = "wildfly-s11";
    private static final Path HOME = Path.of(System.getProperty("wildfly.home")).toAbsolutePath();
    private static final Path TARGET = HOME.getParent();
    private static final int MESSAGES = setting("s11.messages", 10_000, 10_000_000);
    private static final int ROUNDS = setting("s11.rounds", 3, 100);
    /** Warm-up turns of each setup: Wharf's XA path was still getting faster after one. */
    private static final int WARMUPS = setting("s11.warmups", 2, 100);
    private static final int THREADS = setting("s11.threads", 4, 64);
    /** The paced runs: messages a second in all, and messages a run. */
    private static final int RATE = setting("s11.rate", 200, 1_000_000);
    private static final int PACED = setting("s11.paced", 2_000, 10_000_000);
    private static final int TIMEOUT_SECONDS = 600;
    /** Ports of standalone-full.xml's socket bindings, which the offset moves. */
    private static final int[] PORTS = {8009, 8080, 8443, 3528, 3529, 9990, 9993, 4712, 4713};
    private static final List<String> ALL_SETUPS = List.of("wharf xa", "artemis xa", "wharf plain", "artemis plain");
    /** {@code -Ds11.setups="wharf xa,wharf plain"} runs only those, e.g. to profile one. */
    private static final List<String> SETUPS = setups(System.getProperty("s11.setups", ""));
    /** More arguments for the server's JVM, e.g. {@code -XX:StartFlightRecording=...}. */
    private static final String SERVER_JVM = System.getProperty("s11.jvm", "");

    @ArquillianResource
    private ContainerController controller;
    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = "s11", managed = false, testable = false)
    public static WebArchive app() {
        return ShrinkWrap.create(WebArchive.class, "s11.war")
                .addPackage(RunServlet.class.getPackage())
                .addAsWebInfResource(new StringAsset(JBOSS_EJB3), "jboss-ejb3.xml");
    }

    /** The Wharf MDBs receive through wharf.rar; the Artemis ones through the server's default, activemq-ra. */
    private static final String JBOSS_EJB3 = """
            <?xml version="1.0" encoding="UTF-8"?>
            <jboss:ejb-jar xmlns:jboss="urn:jboss:jakartaee:1.0" xmlns="https://jakarta.ee/xml/ns/jakartaee"
                           xmlns:r="urn:resource-adapter-binding" version="4.0" impl-version="2.0">
              <assembly-descriptor>
                <r:resource-adapter-binding>
                  <ejb-name>WharfXaMdb</ejb-name>
                  <r:resource-adapter-name>wharf.rar</r:resource-adapter-name>
                </r:resource-adapter-binding>
                <r:resource-adapter-binding>
                  <ejb-name>WharfPlainMdb</ejb-name>
                  <r:resource-adapter-name>wharf.rar</r:resource-adapter-name>
                </r:resource-adapter-binding>
              </assembly-descriptor>
            </jboss:ejb-jar>
            """;

    @Test
    public void mdbsOnWharfAndOnWildFlysArtemis() throws Exception {
        long diskNanos = Duration.ofSeconds(5).toNanos();
        double disk1 = Disk.fsyncsPerSecond(TARGET.resolve("s11-disk"), 1, diskNanos);
        double disk4 = Disk.fsyncsPerSecond(TARGET.resolve("s11-disk"), 4, diskNanos);
        System.out.printf(Locale.ROOT, "S11 disk: %.0f fsync/s (1 thread), %.0f fsync/s (4 threads)%n", disk1, disk4);

        freshServer();
        int offset = freeOffset();
        String vm = "-Xms1g -Xmx1g -Djboss.bind.address=127.0.0.1 -Djboss.bind.address.management=127.0.0.1"
                + " -Djboss.bind.address.unsecure=127.0.0.1 -Djboss.socket.binding.port-offset=" + offset + " " + SERVER_JVM;
        controller.start(SERVER, Map.of("javaVmArguments", vm, "managementPort", Integer.toString(9990 + offset)));
        Map<String, List<Map<String, Double>>> figures = new LinkedHashMap<>();
        boolean deployed = false;
        try {
            cli(offset);
            deployer.deploy("s11");
            deployed = true;
            String base = "http://127.0.0.1:" + (8080 + offset) + "/s11/run";
            for (int w = 1; w <= WARMUPS; w++) {
                for (String setup : SETUPS) {
                    System.out.println("S11 warm-up " + w + " " + setup + ": " + round(base, setup));
                }
            }
            for (int round = 1; round <= ROUNDS; round++) {
                List<String> order = new ArrayList<>(SETUPS);
                if (round % 2 == 0) {
                    Collections.reverse(order);
                }
                for (String setup : order) {
                    Map<String, Double> f = round(base, setup);
                    figures.computeIfAbsent(setup, k -> new ArrayList<>()).add(f);
                    System.out.println("S11 round " + round + " " + setup + ": " + f);
                }
            }
        } finally {
            try {
                if (deployed) {
                    deployer.undeploy("s11");
                }
            } finally {
                controller.stop(SERVER);
            }
        }
        String report = report(figures, disk1, disk4);
        Files.writeString(TARGET.resolve("s11-results.md"), report);
        System.out.println(report);
    }

    /** A system property in [1, max], or its default when unset; anything else stops the run naming it. */
    private static int setting(String name, int defaultValue, int max) {
        String v = System.getProperty(name);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1 && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " '" + v + "' is not a whole number in [1, " + max + "]");
    }

    private static List<String> setups(String v) {
        if (v.isBlank()) {
            return ALL_SETUPS;
        }
        List<String> out = Arrays.stream(v.split(",")).map(String::trim).toList();
        if (!ALL_SETUPS.containsAll(out)) {
            throw new IllegalArgumentException("s11.setups '" + v + "' names a setup not among " + ALL_SETUPS);
        }
        return out;
    }

    /**
     * A setup's ("wharf xa") turn in a round: a run as fast as the senders go, then a run paced to
     * {@link #RATE}; the second's figures are named "paced ...".
     */
    private static Map<String, Double> round(String base, String setup) throws Exception {
        Map<String, Double> f = run(base, setup, MESSAGES, 0);
        run(base, setup, PACED, RATE).forEach((k, v) -> f.put("paced " + k, v));
        return f;
    }

    /** One run: its figures, after checking that every message arrived once (and has its row). */
    private static Map<String, Double> run(String base, String setup, int messages, int rate) throws Exception {
        String[] sm = setup.split(" ");
        URI uri = URI.create(base + "?system=" + sm[0] + "&mode=" + sm[1] + "&messages=" + messages + "&threads="
                + THREADS + "&rate=" + rate + "&timeout=" + TIMEOUT_SECONDS);
        HttpResponse<String> resp = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(3L * TIMEOUT_SECONDS))
                        .POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, resp.statusCode(), setup + ": " + resp.body());
        Map<String, Double> f = new LinkedHashMap<>();
        for (String pair : resp.body().trim().split(" ")) {
            int eq = pair.indexOf('=');
            f.put(pair.substring(0, eq), Double.parseDouble(pair.substring(eq + 1)));
        }
        assertEquals(0.0, f.get("redelivered"), setup + ": messages delivered more than once: " + f);
        if (sm[1].equals("xa")) {
            assertEquals((double) messages, f.get("rows"), setup + ": rows committed: " + f);
        }
        return f;
    }

    /** A copy of standalone-full.xml to run on, and no data, deployments or queues of an earlier run. */
    private static void freshServer() throws IOException {
        Path config = HOME.resolve("standalone/configuration");
        Files.copy(config.resolve("standalone-full.xml"), config.resolve("s11-standalone-full.xml"),
                StandardCopyOption.REPLACE_EXISTING);
        for (String dir : List.of("data", "tmp", "log")) {
            deleteTree(HOME.resolve("standalone").resolve(dir));
        }
    }

    /**
     * The queues, the data source and the adapter, added with the CLI: Artemis's two queues, the H2
     * XA data source (a file in the server's data directory), and Wharf's .rar with its connection
     * factory and two queues as docs/deploy-wildfly.md adds them (the store in the default place,
     * the server's data/wharf).
     */
    private static void cli(int offset) throws Exception {
        String rar = Path.of(System.getProperty("wharf.rar")).toAbsolutePath().toString();
        String h2 = HOME.resolve("standalone/data/s11-rows").toString();
        String ra = "/subsystem=resource-adapters/resource-adapter=wharf.rar";
        List<String> commands = new ArrayList<>(List.of(
                "jms-queue add --queue-address=s11-artemis-xa --entries=" + S11.ARTEMIS_XA_QUEUE,
                "jms-queue add --queue-address=s11-artemis-plain --entries=" + S11.ARTEMIS_PLAIN_QUEUE,
                "xa-data-source add --name=S11Rows --driver-name=h2 --jndi-name=" + S11.ROWS
                        + " --user-name=sa --password=sa --xa-datasource-properties={\"URL\"=>\"jdbc:h2:file:" + h2 + "\"}",
                "deploy " + rar,
                ra + ":add(archive=wharf.rar, transaction-support=XATransaction)",
                ra + "/connection-definitions=wharf:add(class-name=org.wharfmq.ra.outbound.WharfManagedConnectionFactory,"
                        + " jndi-name=" + S11.WHARF_FACTORY + ", tracking=false, max-pool-size=20,"
                        + " recovery-username=wharf, recovery-password=wharf)"));
        for (String mode : List.of("xa", "plain")) {
            String ao = ra + "/admin-objects=s11-" + mode;
            commands.add(ao + ":add(class-name=org.wharfmq.ra.AdministeredQueue, jndi-name=java:/jms/queue/s11-wharf-"
                    + mode + ")");
            commands.add(ao + "/config-properties=name:add(value=s11-" + mode + ")");
        }
        commands.add(ra + ":activate");
        // For the record in s11-cli.log: the MDB instance pool's size (derived from the CPU count), JmsXA's pool size.
        commands.add("/subsystem=ejb3/strict-max-bean-instance-pool=mdb-strict-max-pool:read-attribute(name=derived-size)");
        commands.add("/subsystem=messaging-activemq/server=default/pooled-connection-factory=activemq-ra"
                + ":read-attribute(name=max-pool-size, include-defaults=true)");
        Path file = TARGET.resolve("s11.cli");
        Files.write(file, commands);
        Path log = TARGET.resolve("s11-cli.log");
        Process p = new ProcessBuilder(HOME.resolve("bin/jboss-cli.sh").toString(), "--connect",
                "--controller=remote+http://127.0.0.1:" + (9990 + offset), "--file=" + file)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int exit = p.waitFor();
        assertEquals(0, exit, "jboss-cli.sh --file=" + file + " failed: " + Files.readString(log));
    }

    /** An offset at which every port of {@link #PORTS} is free on 127.0.0.1 now. */
    private static int freeOffset() {
        Random random = new Random();
        for (int attempt = 0; attempt < 100; attempt++) {
            int offset = 10_000 + random.nextInt(400) * 100;
            if (Arrays.stream(PORTS).allMatch(port -> free(port + offset))) {
                return offset;
            }
        }
        throw new IllegalStateException("no port offset with all of " + Arrays.toString(PORTS) + " free");
    }

    private static boolean free(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Medians with min-max per setup, and the ratios of Wharf's medians over Artemis's per mode. */
    static String report(Map<String, List<Map<String, Double>>> figures, double disk1, double disk4) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "S11: %d sender threads; %d messages a run at full speed, %d paced to %d"
                + " msg/s; %d warm-up turns, %d rounds; disk %.0f fsync/s (1 thread), %.0f (4 threads)%n%n", THREADS,
                MESSAGES, PACED, RATE, WARMUPS, ROUNDS, disk1, disk4));
        List<String> metrics = List.of("msgPerS", "p50Ms", "p99Ms", "paced p50Ms", "paced p99Ms");
        out.append("| setup | msg/s | p50 ms | p99 ms | p50 ms at " + RATE + " msg/s | p99 ms at " + RATE
                + " msg/s |\n|---|---|---|---|---|---|\n");
        for (String setup : SETUPS) {
            List<Map<String, Double>> runs = figures.getOrDefault(setup, List.of());
            out.append("| ").append(setup);
            for (String m : metrics) {
                out.append(" | ").append(cell(runs, m, m.equals("msgPerS") ? "%.0f" : "%.2f"));
            }
            out.append(" |\n");
        }
        out.append("\n| Wharf / Artemis | msg/s | p50 | p99 | p50 paced | p99 paced |\n|---|---|---|---|---|---|\n");
        for (String mode : List.of("xa", "plain")) {
            List<Map<String, Double>> w = figures.getOrDefault("wharf " + mode, List.of());
            List<Map<String, Double>> a = figures.getOrDefault("artemis " + mode, List.of());
            out.append("| ").append(mode);
            for (String m : metrics) {
                out.append(String.format(Locale.ROOT, " | %.2fx", median(w, m) / median(a, m)));
            }
            out.append(" |\n");
        }
        return out.toString();
    }

    private static String cell(List<Map<String, Double>> runs, String metric, String format) {
        if (runs.isEmpty()) {
            return "-";
        }
        double[] v = runs.stream().mapToDouble(f -> f.get(metric)).sorted().toArray();
        return String.format(Locale.ROOT, format + " (" + format + "-" + format + ")", median(runs, metric), v[0],
                v[v.length - 1]);
    }

    private static double median(List<Map<String, Double>> runs, String metric) {
        double[] v = runs.stream().mapToDouble(f -> f.get(metric)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
