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
 * makes a connection (ping). Then the test removes what the commands made and stops the domain.
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
            cleanUp();
            run("stop-domain domain1");
        }
    }

    /** Takes back what the commands made, so that the other tests find domain1 as the build left it. */
    private static void cleanUp() throws Exception {
        for (String c : List.of("delete-connector-connection-pool wharf-Queue-pool",
                "delete-connector-connection-pool wharf-Topic-pool", "delete-admin-object jms/orders",
                "delete-connector-resource jms/WharfConnectionFactory", "delete-connector-connection-pool wharf-pool",
                "undeploy wharf", "delete-resource-adapter-config wharf",
                "set configs.config.server-config.transaction-service.automatic-recovery=false",
                "delete-system-property org.glassfish.jms.skip-resource-registration-in-transaction")) {
            asadmin(c);
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
