package org.wharfmq.ra.it.wildfly;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The deploys of the .rar in this run (the server tests run before it) were quiet: no warning about
 * the manifest Class-Path entries of its jars (WFLYSRV0059), and no derby.log in the server's
 * working directory (this module's directory, as the test JVM's) or its home.
 */
public class QuietDeployIT {
    private static final Path HOME = Path.of(System.getProperty("wildfly.home", "target/wildfly"));

    @Test
    public void deployingTheRarWarnsAboutNoClassPathEntry() throws Exception {
        List<String> log = Files.readAllLines(HOME.resolve("standalone/log/server.log"));
        assertTrue(log.stream().anyMatch(l -> l.contains("WFLYSRV0010: Deployed \"wharf.rar\"")),
                "the server log shows no deploy of wharf.rar");
        assertFalse(log.stream().anyMatch(l -> l.contains("WFLYSRV0059")),
                () -> log.stream().filter(l -> l.contains("WFLYSRV0059")).findFirst().orElse(""));
    }

    @Test
    public void derbyWritesNoLogFileInTheServersDirectories() {
        for (Path dir : List.of(Path.of(System.getProperty("user.dir")), HOME, HOME.resolve("bin"))) {
            assertFalse(Files.exists(dir.resolve("derby.log")), "Derby wrote " + dir.resolve("derby.log")
                    + " (one left by an older build must be deleted by hand)");
        }
    }
}
