package org.wharfmq.jms.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * One process at a time may open an embedded Derby store: a second one, even one creating the same
 * new store at the same moment, is told so, naming the directory.
 */
class SecondProcessTest {
    private static final String IN_USE = "is open in another process: one process at a time may open an embedded store";

    @TempDir
    Path tmp;
    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stopChildren() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly().waitFor();
        }
    }

    @Test
    void aStoreOpenInAnotherProcessIsRefusedNamingItsDirectory() throws Exception {
        TestStores.assumeDefaultRun("a second JVM on a wharf:derby store");
        Path dir = tmp.resolve("store");
        BufferedReader holder = start(dir, false);
        assertEquals("OPENED", holder.readLine());
        JMSException e = org.junit.jupiter.api.Assertions.assertThrows(JMSException.class,
                () -> new WharfConnectionFactory("wharf:derby:" + dir).createConnection());
        assertTrue(e.getMessage().contains("store " + dir + " " + IN_USE), e.getMessage());
    }

    @Test
    void twoProcessesCreatingOneNewStoreAtOnceGetItAndTheClearRefusal() throws Exception {
        TestStores.assumeDefaultRun("two JVMs on a new wharf:derby store");
        Path dir = tmp.resolve("new-store");
        BufferedReader a = start(dir, true);
        BufferedReader b = start(dir, true);
        assertEquals("WAITING", a.readLine());
        assertEquals("WAITING", b.readLine());
        for (Process p : children) {
            OutputStream go = p.getOutputStream();
            go.write('\n');
            go.flush();
        }
        List<String> outcomes = new ArrayList<>(List.of(a.readLine(), b.readLine()));
        outcomes.sort(null);
        assertEquals("OPENED", outcomes.get(1), outcomes.toString());
        assertTrue(outcomes.get(0).startsWith("FAILED ") && outcomes.get(0).contains("store " + dir + " " + IN_USE),
                outcomes.toString());
    }

    /** A child opening the store in {@code dir}, at once or on the start signal; its output. */
    private BufferedReader start(Path dir, boolean onSignal) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OpeningChild.class.getName(), "wharf:derby:" + dir));
        if (onSignal) {
            command.add("on-signal");
        }
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        children.add(p);
        return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    }
}
