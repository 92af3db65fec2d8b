package org.wharfmq.ra.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * XA recovery in the server. {@link RowsMdb} deletes each message from Wharf and inserts a row into
 * a Derby database in one XA transaction. The test kills the server with SIGKILL {@value #KILLS}
 * times while the MDB consumes, each time after a random number of rows, and starts it again; the
 * transaction manager's recovery must then finish every branch the kill left prepared: on WildFly
 * Wharf's through the adapter's {@code getXAResources} alone, on Payara through a pool of the
 * adapter's connections (see {@link #define}). After each restart, and once more from
 * outside after the last stop, every message has exactly one row, the queue is empty and neither
 * Wharf nor the database holds a prepared branch.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class XaRecoveryIT {
    private static final String SERVER = System.getProperty("wharf.server", "wildfly-manual");
    private static final String BASE = "http://127.0.0.1:" + System.getProperty("wharf.http.port", "8080")
            + "/xa-rows/rows";
    private static final int KILLS = 3;
    private static final int PER_ROUND = 1000;
    /** Payara ignores ironjacamar.xml: there the adapter keeps its store where it does by default. */
    private static final Path STORE = Path.of(System.getProperty("wharf.xa.store", "target/xa-store")).toAbsolutePath();
    private static final Path ROWS = Path.of("target", "xa-rows").toAbsolutePath();
    private static final String STORE_URL = "wharf:derby:" + STORE;

    @ArquillianResource
    private ContainerController controller;
    @ArquillianResource
    private Deployer deployer;

    /** On WildFly its connection factory is not registered for recovery (Payara ignores ironjacamar.xml). */
    @Deployment(name = "xa-rar", order = 1, managed = false, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rarRecoveredThroughTheAdapterOnly(STORE_URL);
    }

    @Deployment(name = "xa-app", order = 2, managed = false, testable = false)
    public static WebArchive app() {
        return define(Deployments.app("xa-rows", RowsMdb.class, RowsSender.class, RowsServlet.class,
                RowsDatabase.class, RoundState.class, WharfState.class, Xids.class), ROWS, SERVER.startsWith("payara"));
    }

    /**
     * Binds the database at {@code dir} as an XA data source at {@link RowsMdb#ROWS} in {@code app}:
     * for WildFly in web.xml; for Payara, which recovers only the pools of its own descriptors, in
     * glassfish-resources.xml, with a pool of the adapter's connections: Payara drops what
     * {@code getXAResources} returns, and recovers MDB branches only through such a pool.
     */
    private static WebArchive define(WebArchive app, Path dir, boolean payara) {
        return payara ? app.addAsWebInfResource(new StringAsset(GLASSFISH_RESOURCES.formatted(dir, RowsMdb.ROWS, Resources.RA)),
                "glassfish-resources.xml")
                : app.addAsWebInfResource(new StringAsset(WEB_XML.formatted(RowsMdb.ROWS, dir)), "web.xml");
    }

    private static final String WEB_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
              <data-source>
                <name>%s</name>
                <class-name>org.apache.derby.jdbc.EmbeddedXADataSource</class-name>
                <database-name>%s</database-name>
                <!-- Derby without authentication takes any user; WildFly recovers only data sources that have one. -->
                <user>app</user>
                <password>app</password>
                <transactional>true</transactional>
                <max-pool-size>20</max-pool-size>
              </data-source>
            </web-app>
            """;

    private static final String GLASSFISH_RESOURCES = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE resources PUBLIC "-//GlassFish.org//DTD GlassFish Application Server 3.1 Resource Definitions//EN"
              "http://glassfish.org/dtds/glassfish-resources_1_5.dtd">
            <resources>
              <jdbc-connection-pool name="java:app/rows-pool" res-type="javax.sql.XADataSource"
                                    datasource-classname="org.apache.derby.jdbc.EmbeddedXADataSource" max-pool-size="20">
                <property name="DatabaseName" value="%s"/>
                <property name="User" value="app"/>
                <property name="Password" value="app"/>
              </jdbc-connection-pool>
              <jdbc-resource pool-name="java:app/rows-pool" jndi-name="%s"/>
              <connector-connection-pool name="java:app/wharf-pool" resource-adapter-name="%s"
                                         connection-definition-name="jakarta.jms.ConnectionFactory"
                                         transaction-support="XATransaction"/>
              <connector-resource pool-name="java:app/wharf-pool" jndi-name="java:app/jms/wharf-pool"/>
            </resources>
            """;

    @Test
    public void everyMessageHasExactlyOneRowAfterKillsWhileTransactionsCommit() throws Exception {
        long seed = Long.getLong("wharf.seed", System.nanoTime());
        Random random = new Random(seed);
        deleteTree(STORE);
        deleteTree(ROWS);
        RowsDatabase.create(ROWS);
        List<String> report = new ArrayList<>();
        controller.start(SERVER);
        Throwable failure = null;
        try {
            deployer.deploy("xa-rar");
            deployer.deploy("xa-app");
            for (int round = 1; round <= KILLS; round++) {
                long before = (round - 1L) * PER_ROUND;
                long sent = round * (long) PER_ROUND;
                String posted = http(HttpRequest.newBuilder(URI.create(BASE + "?round=" + round + "&count=" + PER_ROUND))
                        .POST(HttpRequest.BodyPublishers.noBody()));
                assertEquals(String.valueOf(PER_ROUND), posted);
                long pid = Long.parseLong(http(HttpRequest.newBuilder(URI.create(BASE + "?what=pid")).GET()));
                // The MDB consumed some while the round was sent: kill at a random row among the first
                // nine tenths of those left, so that the kill comes while messages still flow.
                long sentAt = Math.max(rows(), before);
                long killAt = sentAt + 1 + random.nextInt((int) Math.max(1, (before + PER_ROUND - sentAt) * 9 / 10));
                Awaits.until(() -> rows() >= killAt, Duration.ofSeconds(60), killAt + " rows");

                ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
                server.destroyForcibly();
                server.onExit().get(30, TimeUnit.SECONDS);
                controller.kill(SERVER);
                long rowsAtKill = RowsDatabase.count(RowsDatabase.open(ROWS));
                Set<String> inDoubt = RowsDatabase.inDoubt(ROWS);
                RowsDatabase.shutdown(ROWS);
                WharfState wharf = WharfState.readClosed(STORE_URL, RowsMdb.QUEUE);

                long restarted = System.nanoTime();
                startAgain();
                RoundState[] last = {null};
                try {
                    Awaits.until(() -> (last[0] = state()).settled(sent), Duration.ofSeconds(180),
                            "recovery after kill " + seed + "/" + round + ": " + sent + " rows, nothing prepared or queued");
                } catch (AssertionError e) {
                    throw new AssertionError(e.getMessage() + "; at last " + last[0], e);
                }
                report.add(("kill %d at %d/%d rows (%d when sent, target %d): Wharf %d prepared, database %d in doubt,"
                        + " %d in flight, %d queued; all resolved %.1f s after the restart")
                        .formatted(round, rowsAtKill - before, PER_ROUND, sentAt - before, killAt - before,
                                wharf.prepared().size(), inDoubt.size(),
                                wharf.inFlight(), wharf.visible(), (System.nanoTime() - restarted) / 1e9));
            }
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            // Also after a failure, which stays the one reported: the deployments would otherwise
            // come back with the next test's server.
            try {
                undeployAndStop();
            } catch (Exception e) {
                if (failure == null) {
                    throw e;
                }
                failure.addSuppressed(e);
            }
        }
        System.out.println("XaRecoveryIT (seed " + seed + "):\n  " + String.join("\n  ", report));

        Map<String, Integer> rows = RowsDatabase.rowsPerText(RowsDatabase.open(ROWS));
        Set<String> inDoubt = RowsDatabase.inDoubt(ROWS);
        RowsDatabase.shutdown(ROWS);
        WharfState wharf = WharfState.readClosed(STORE_URL, RowsMdb.QUEUE);
        assertEquals(KILLS * PER_ROUND, rows.size(), "messages with a row");
        assertTrue(rows.values().stream().allMatch(n -> n == 1), "a message with more than one row");
        assertEquals(Set.of(), inDoubt, "database branches left prepared");
        assertEquals(new WharfState(Set.of(), 0, 0), wharf, "Wharf's prepared branches and messages left");
    }

    private void undeployAndStop() throws Exception {
        try {
            if (!controller.isStarted(SERVER)) {
                startAgain();
            }
            deployer.undeploy("xa-app");
            deployer.undeploy("xa-rar");
        } finally {
            controller.stop(SERVER);
        }
    }

    /** Starts the server after a kill; Payara's container would start the domain only for a deployment. */
    private void startAgain() throws IOException, InterruptedException {
        controller.start(SERVER);
        String payara = System.getProperty("payara.home");
        if (payara != null) {
            Process start = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-jar", Path.of(payara, "glassfish", "modules", "admin-cli.jar").toString(), "start-domain")
                    .inheritIO().start();
            assertTrue(start.waitFor(180, TimeUnit.SECONDS), "asadmin start-domain did not finish");
            assertEquals(0, start.exitValue(), "asadmin start-domain");
        }
    }

    private static long rows() {
        try {
            return Long.parseLong(http(HttpRequest.newBuilder(URI.create(BASE + "?what=rows")).GET()));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static RoundState state() {
        try {
            return RoundState.decode(http(HttpRequest.newBuilder(URI.create(BASE + "?what=state&store="
                    + URLEncoder.encode(STORE_URL, StandardCharsets.UTF_8) + "&db="
                    + URLEncoder.encode(ROWS.toString(), StandardCharsets.UTF_8))).GET()));
        } catch (IOException | RuntimeException e) {
            return new RoundState(-1, -1, -1, -1, -1, -1);
        }
    }

    private static String http(HttpRequest.Builder request) throws IOException {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(request.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IOException("HTTP " + r.statusCode() + ": " + r.body());
            }
            return r.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
