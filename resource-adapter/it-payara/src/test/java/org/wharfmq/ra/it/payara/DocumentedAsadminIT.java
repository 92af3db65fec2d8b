package org.wharfmq.ra.it.payara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.wharfmq.ra.it.DocumentedCommands;

/**
 * The asadmin commands of docs/deploy-payara.md run as written, through a shell, on the Payara
 * the build unpacked, with only the paths put in (the .rar's, asadmin's and the store's). Every
 * command succeeds; the admin object has its attributes, and a pool of each connection definition
 * makes a connection (ping). Then the test undeploys the adapter, stops the domain and puts back
 * its domain.xml as it was, so that the other tests find domain1 as the build left it.
 */
public class DocumentedAsadminIT {
    private static final Path HOME = Path.of(System.getProperty("payara.home", "target/payara6"));
    private static final Path DOC = Path.of("..", "..", "docs", "deploy-payara.md");

    @Test
    public void theDocumentedCommandsDeployAndConfigureTheAdapter() throws Exception {
        Path store = Files.createTempDirectory("documented-asadmin");
        List<String> commands = new ArrayList<>();
        commands.addAll(DocumentedCommands.shBlock(DOC, "## Deploy and configure with asadmin"));
        commands.addAll(DocumentedCommands.shBlock(DOC, "## XA recovery"));
        commands.addAll(DocumentedCommands.shBlock(DOC, "### An injected JMSContext in a transaction"));
        commands.replaceAll(c -> c.replace("/var/lib/wharf", store.resolve("wharf").toString())
                .replace(" wharf.rar", " " + System.getProperty("wharf.rar")));
        assertTrue(commands.size() >= 6, commands.toString());

        Path config = HOME.resolve("glassfish/domains/domain1/config/domain.xml");
        byte[] original = Files.readAllBytes(config);
        run("start-domain domain1");
        try {
            for (String c : commands) {
                assertTrue(c.startsWith("asadmin "), c);
                run(c.substring("asadmin ".length()));
            }
            String attributes = run("get resources.admin-object-resource.jms/orders.property.attributes");
            assertTrue(attributes.contains("property.attributes=ContentBasedDeduplication=true"), attributes);
            assertTrue(run("ping-connection-pool wharf-pool").contains("Command ping-connection-pool executed"
                    + " successfully"));
            for (String kind : List.of("Queue", "Topic")) {
                run("create-connector-connection-pool --raname wharf --connectiondefinition jakarta.jms." + kind
                        + "ConnectionFactory --transactionsupport XATransaction wharf-" + kind + "-pool");
                run("ping-connection-pool wharf-" + kind + "-pool");
            }
        } finally {
            asadmin("undeploy --cascade=true wharf");
            run("stop-domain domain1");
            Files.write(config, original);
            try (var files = Files.walk(store)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** Runs {@code asadmin <args>} through bash, as a shell runs the documented line; fails unless it succeeds. */
    private static String run(String args) throws Exception {
        Result r = asadmin(args);
        assertEquals(0, r.exit(), "asadmin " + args + "\n" + r.out());
        return r.out();
    }

    private record Result(int exit, String out) {
    }

    private static Result asadmin(String args) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", HOME.resolve("bin/asadmin") + " " + args)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "asadmin " + args + " did not finish");
        return new Result(p.exitValue(), out);
    }
}
