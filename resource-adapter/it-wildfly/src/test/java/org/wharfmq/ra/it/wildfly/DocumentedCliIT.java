package org.wharfmq.ra.it.wildfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.wharfmq.ra.it.DocumentedCommands;

/**
 * The CLI commands of docs/deploy-wildfly.md run as written on the WildFly the build unpacked, in an
 * embedded server (admin-only, on a copy of standalone-full.xml), with only the .rar's path put in:
 * every command succeeds and the connection definition keeps its recovery user.
 */
public class DocumentedCliIT {
    private static final Path HOME = Path.of(System.getProperty("wildfly.home", "target/wildfly"));
    private static final Path DOC = Path.of("..", "..", "docs", "deploy-wildfly.md");

    @Test
    public void theDocumentedCommandsDeployTheAdapterWithRecovery() throws Exception {
        List<String> commands = new ArrayList<>();
        commands.addAll(DocumentedCommands.shBlock(DOC, "## Deploy and activate with the CLI"));
        commands.removeIf(c -> c.startsWith("bin/jboss-cli.sh"));
        commands.addAll(DocumentedCommands.shBlock(DOC, "## XA recovery"));
        commands.addAll(DocumentedCommands.shBlock(DOC, "## Message-driven beans"));
        commands.replaceAll(c -> c.replace("/path/to/wharf.rar", System.getProperty("wharf.rar")));
        assertTrue(commands.stream().anyMatch(c -> c.contains("recovery-username=")), commands.toString());

        Path config = HOME.resolve("standalone/configuration/documented-cli.xml");
        Files.copy(HOME.resolve("standalone/configuration/standalone-full.xml"), config,
                StandardCopyOption.REPLACE_EXISTING);
        Path script = Files.createTempFile("documented", ".cli");
        List<String> lines = new ArrayList<>();
        lines.add("embed-server --server-config=" + config.getFileName() + " --std-out=discard");
        lines.addAll(commands);
        lines.add("/subsystem=resource-adapters/resource-adapter=wharf.rar/connection-definitions=wharf"
                + ":read-attribute(name=recovery-username)");
        lines.add("stop-embedded-server");
        Files.write(script, lines);
        try {
            Process cli = new ProcessBuilder(HOME.resolve("bin/jboss-cli.sh").toString(), "--file=" + script)
                    .redirectErrorStream(true).start();
            String out = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(cli.waitFor(120, TimeUnit.SECONDS), "the CLI did not finish");
            assertEquals(0, cli.exitValue(), out);
            assertFalse(out.contains("\"failed\""), out);
            // One outcome a command but deploy, which prints none, and one for the read.
            assertEquals(commands.size(), count(out, "\"outcome\" => \"success\""), out);
            assertTrue(out.contains("\"result\" => \"wharf\""), out);
        } finally {
            Files.delete(script);
            Files.deleteIfExists(config);
        }
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
