package org.wharfmq.jms.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * A plain JMS program with a running listener, stopped with SIGTERM, exits without a warning or a
 * stack trace and leaves its Derby store shut down cleanly, whether it closes its connection at exit
 * or not.
 */
class ShutdownTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"never-closes", "closes-in-order"})
    void sigtermStopsAProgramQuietlyAndClosesItsStore(String mode) throws Exception {
        TestStores.assumeDefaultRun("stops a JVM holding a wharf:derby store");
        Path dir = tmp.resolve("store");
        String url = "wharf:derby:" + dir;
        Path out = tmp.resolve("out.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ShutdownChild.class.getName(), url, mode)
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(out).contains("READY") && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20); // polls the child's output
            }
            assertTrue(Files.readString(out).contains("READY"), "the child never got a message:\n"
                    + Files.readString(out));
            p.destroy();
            p.waitFor(60, TimeUnit.SECONDS);
        } finally {
            p.destroyForcibly();
        }
        String output = Files.readString(out).replace("READY\n", "");
        assertFalse(p.isAlive(), "the child did not exit");
        assertEquals("", output, "the child printed at exit");
        assertFalse(Files.exists(dir.resolve("db.lck")), "Derby's lock file is left: the store was not shut down");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        try (Connection c = f.createConnection()) {
            c.start();
            Session s = c.createSession();
            s.createProducer(s.createQueue("after")).send(s.createTextMessage("reopened"));
            assertEquals("reopened", ((TextMessage) s.createConsumer(s.createQueue("after")).receive(5000)).getText());
        } finally {
            f.close();
        }
        assertTrue(List.of(dir.toFile().list()).contains("seg0"), "the store is where it was");
    }
}
