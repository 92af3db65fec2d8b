package org.wharfmq.ra.it.wildfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.InputStream;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import jakarta.annotation.Resource;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.ResourceAdapterArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.wharfmq.ra.it.Deployments;
import org.wharfmq.ra.it.Resources;

/**
 * docs/operations.md's two routes into a WildFly running the .rar: {@code wharf queues --pid <server>}
 * (attach) and {@code --jmx} on WildFly's management port, each run beside the server, show the queue
 * an application sent to through the adapter, with its depth.
 */
@ExtendWith(ArquillianExtension.class)
public class OperatorToolIT {
    private static final String TOOL = "wharf-tool.properties";

    @Deployment(name = "rar", order = 1, testable = false)
    public static ResourceAdapterArchive rar() {
        return Deployments.rar();
    }

    @Deployment(name = "app", order = 2)
    public static WebArchive app() {
        // The tool's jar is on the build's machine, where the test runs in the server.
        String jar = Path.of(System.getProperty("wharf.cli", "target/wharf-cli.jar")).toAbsolutePath().toString();
        return Deployments.app("tool", OperatorToolIT.class)
                .addAsResource(new StringAsset("jar=" + jar.replace("\\", "\\\\") + "\n"), TOOL);
    }

    @Resource(lookup = Resources.CF)
    private ConnectionFactory factory;

    @Test
    @OperateOnDeployment("app")
    public void wharfQueuesAttachedToTheServerShowsTheApplicationsQueue() throws Exception {
        String queue = sendThree();
        String store = storeShowing(queue);
        JsonObject row = queuesRow(queue, store, Map.of(), java(), "-jar", tool(), "queues",
                "--pid", Long.toString(ProcessHandle.current().pid()), "--store", store, "--output", "json");
        assertEquals(3, row.getInt("visible"));
        assertEquals(0, row.getInt("inFlight"));
    }

    /** The JMX route: WildFly's remote JMX on its management port, a management user, its client jar. */
    @Test
    @OperateOnDeployment("app")
    public void wharfQueuesThroughWildFlysRemoteJmxShowsTheApplicationsQueue() throws Exception {
        String queue = sendThree();
        String store = storeShowing(queue);
        Path home = Path.of(System.getProperty("jboss.home.dir"));
        String user = "wharf-ops";
        String password = "Ops-" + UUID.randomUUID().toString().substring(0, 12) + "-1!";
        Process addUser = new ProcessBuilder(home.resolve("bin/add-user.sh").toString(), "-s", "-u", user, "-p", password)
                .redirectErrorStream(true).start();
        String added = new String(addUser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(addUser.waitFor(60, TimeUnit.SECONDS), "add-user.sh did not finish");
        assertEquals(0, addUser.exitValue(), added);

        int port = Integer.getInteger("jboss.management.http.port", 9990)
                + Integer.getInteger("jboss.socket.binding.port-offset", 0);
        String classpath = tool() + File.pathSeparator + home.resolve("bin/client/jboss-client.jar");
        JsonObject row = queuesRow(queue, store, Map.of("WHARF_JMX_PASSWORD", password), java(), "-cp", classpath,
                "org.wharfmq.cli.WharfCommand", "queues", "--jmx", "service:jmx:remote+http://127.0.0.1:" + port,
                "--jmx-user", user, "--store", store, "--output", "json");
        assertEquals(3, row.getInt("visible"));
    }

    /** Sends three messages to a new queue through the application's pooled factory; returns its name. */
    private String sendThree() {
        String queue = "it-tool-" + UUID.randomUUID().toString().substring(0, 8);
        try (JMSContext context = factory.createContext()) {
            for (int i = 0; i < 3; i++) {
                context.createProducer().send(context.createQueue(queue), "message " + i);
            }
        }
        return queue;
    }

    /** Runs {@code command} (a {@code wharf queues -o json}) and returns its row of {@code queue}. */
    private static JsonObject queuesRow(String queue, String store, Map<String, String> env, String... command)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(env);
        Process wharf = builder.start();
        String out = new String(wharf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(wharf.waitFor(60, TimeUnit.SECONDS), "wharf queues did not finish");
        assertEquals(0, wharf.exitValue(), out);
        JsonObject doc;
        try (JsonReader reader = Json.createReader(new StringReader(out))) {
            doc = reader.readObject();
        }
        assertEquals(store, doc.getString("store"));
        return doc.getJsonArray("queues").getValuesAs(JsonObject.class).stream()
                .filter(q -> q.getString("name").equals(queue)).findFirst()
                .orElseThrow(() -> new AssertionError(queue + " is not in " + out));
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElseThrow();
    }

    /** The tool's jar, named in the deployment by the build. */
    private static String tool() throws Exception {
        Properties tool = new Properties();
        try (InputStream in = OperatorToolIT.class.getClassLoader().getResourceAsStream(TOOL)) {
            tool.load(in);
        }
        return tool.getProperty("jar");
    }

    /** The printable URL of the store whose MBean shows {@code queue}, read in this server's MBeanServer. */
    private static String storeShowing(String queue) throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            for (ObjectName name : server.queryNames(new ObjectName("org.wharfmq:type=Store,*"), null)) {
                // An MXBean's List<String> is a String[] to a generic client.
                String[] queues = (String[]) server.getAttribute(name, "Queues");
                if (List.of(queues).contains(queue)) {
                    return (String) server.getAttribute(name, "Url");
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no store MBean shows queue " + queue);
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
