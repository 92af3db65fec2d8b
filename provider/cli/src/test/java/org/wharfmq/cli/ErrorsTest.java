package org.wharfmq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input, refusals and unreachable stores: the exit code, a message naming the bad value, nothing changed. */
class ErrorsTest {
    @TempDir
    Path dir;
    private String url;

    @BeforeEach
    void store() {
        url = "wharf:derby:" + dir.resolve("store");
        wharf("declare", "orders", "--yes").exits(0);
        wharf("send", "orders", "kept").exits(0);
    }

    private Tool.Result wharf(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--url";
        all[args.length + 1] = url;
        return Tool.run(all);
    }

    private long visible(String queue) {
        for (JsonNode q : wharf("queues", "-o", "json").exits(0).json().get("queues")) {
            if (q.get("name").asText().equals(queue)) {
                return q.get("visible").asLong();
            }
        }
        return -1;
    }

    @Test
    void destructiveCommandsWithoutAConsoleOrYesChangeNothing() {
        Tool.Result purge = wharf("purge", "orders").exits(4);
        assertEquals("", purge.out());
        assertEquals("wharf: not confirmed: purge every message of queue orders of store " + url
                + " (no console to ask on; add --yes)\n", purge.err());
        wharf("delete", "orders").exits(4);
        assertTrue(wharf("declare", "orders", "-a", "VisibilityTimeout=5").exits(4).err().contains("VisibilityTimeout=5"));
        wharf("declare", "fresh").exits(4);
        assertEquals(1, visible("orders"));
        assertEquals(-1, visible("fresh"));
        assertEquals("30", wharf("stat", "orders", "-o", "json").exits(0).json().get("attributes")
                .get("VisibilityTimeout").asText());
    }

    @Test
    void anUnknownQueueIsRefusedByName() {
        for (String[] command : new String[][] {{"stat", "nosuch"}, {"browse", "nosuch"}, {"send", "nosuch", "x"},
                {"receive", "nosuch"}, {"purge", "nosuch", "--yes"}, {"delete", "nosuch", "--yes"},
                {"move", "nosuch"}, {"tasks", "nosuch"}}) {
            Tool.Result r = wharf(command).exits(1);
            assertTrue(r.err().startsWith("wharf: ") && r.err().contains("nosuch"), command[0] + ": " + r.err());
            assertEquals("", r.out(), command[0]);
        }
        assertEquals(-1, visible("nosuch"));
    }

    @Test
    void badAttributesAreRefusedAndChangeNothing() {
        Tool.Result syntax = wharf("declare", "orders", "-a", "VisibilityTimeout", "--yes").exits(2);
        assertTrue(syntax.err().contains("VisibilityTimeout"), syntax.err());
        Tool.Result value = wharf("declare", "orders", "-a", "VisibilityTimeout=never", "--yes").exits(1);
        assertTrue(value.err().contains("never") && value.err().contains("VisibilityTimeout"), value.err());
        Tool.Result created = wharf("declare", "other", "-a", "NoSuchAttribute=1", "--yes").exits(1);
        assertTrue(created.err().contains("NoSuchAttribute"), created.err());
        assertEquals(-1, visible("other"));
        assertEquals("30", wharf("stat", "orders", "-o", "json").exits(0).json().get("attributes")
                .get("VisibilityTimeout").asText());
    }

    @Test
    void badNumbersAreUsageErrorsNamingTheValue() {
        assertTrue(wharf("browse", "orders", "--max", "0").exits(2).err().contains("--max 0"));
        assertTrue(wharf("receive", "orders", "--max", "0").exits(2).err().contains("--max 0"));
        assertTrue(wharf("receive", "orders", "--wait", "-1").exits(2).err().contains("--wait -1"));
        assertTrue(wharf("send", "orders", "x", "--delay", "-5").exits(2).err().contains("--delay -5"));
        assertTrue(wharf("move", "orders", "--rate", "-1").exits(2).err().contains("--rate -1"));
        assertTrue(wharf("queues", "--watch=0").exits(2).err().contains("--watch 0"));
        assertTrue(wharf("browse", "orders", "--max", "many").exits(2).err().contains("many"));
        assertEquals(1, visible("orders"));
    }

    @Test
    void routesAreExactlyOne() {
        Tool.Result two = Tool.run("queues", "--url", url, "--pid", "1").exits(2);
        assertEquals("wharf: --url=<store url>, --pid=<pid> are mutually exclusive (specify only one)\n"
                + "Try 'wharf queues --help'.\n", two.err());
        Tool.Result none = Tool.run("queues").exits(2);
        assertTrue(none.err().contains("--url") && none.err().contains("--jmx"), none.err());
        assertTrue(wharf("queues", "--jmx-user", "ops").exits(2).err().contains("--jmx-user"));
        assertTrue(Tool.run("queues", "--jmx", "rmi://nowhere").exits(2).err().contains("rmi://nowhere"));
    }

    @Test
    void sendTakesOneBody() {
        assertTrue(wharf("send", "orders", "x", "--file", "f.txt").exits(2).err().contains("--file f.txt"));
        assertTrue(wharf("send", "orders", "--file", dir.resolve("missing").toString()).exits(2).err().contains("missing"));
        assertTrue(wharf("send", "orders", "x", "--group", "g", "-p", "JMSXGroupID=h").exits(2).err().contains("--group g"));
        assertEquals(1, visible("orders"));
    }

    @Test
    void unreachableStoresExitWithThree() throws Exception {
        Tool.Result unknownScheme = Tool.run("queues", "--url", "wharf:nosuch:x").exits(3);
        assertTrue(unknownScheme.err().startsWith("wharf: cannot open store wharf:nosuch:x: "), unknownScheme.err());

        Process gone = new ProcessBuilder("true").start();
        gone.waitFor(30, TimeUnit.SECONDS);
        Tool.Result noProcess = Tool.run("queues", "--pid", Long.toString(gone.pid())).exits(3);
        assertTrue(noProcess.err().contains("process " + gone.pid() + " does not exist"), noProcess.err());

        // A process that is not a JVM is not attached to: attaching signals it, which would end it.
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            Tool.Result notJvm = Tool.run("queues", "--pid", Long.toString(sleeper.pid())).exits(3);
            assertTrue(notJvm.err().contains("process " + sleeper.pid() + " is not a JVM"), notJvm.err());
            assertTrue(sleeper.isAlive(), "the process was signalled");
        } finally {
            sleeper.destroy();
        }

        int closed = freePort();
        Tool.Result noJmx = Tool.run("queues", "--jmx", "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + closed + "/jmxrmi")
                .exits(3);
        assertTrue(noJmx.err().contains("127.0.0.1:" + closed), noJmx.err());
    }

    @Test
    void onlyDeclareCreatesADerbyStore() {
        Path missing = dir.resolve("typo");
        Tool.Result r = Tool.run("queues", "--url", "wharf:derby:" + missing).exits(3);
        assertEquals("wharf: no store at wharf:derby:" + missing + ": " + missing
                + " is not a directory (wharf declare creates a store there)\n", r.err());
        assertFalse(Files.exists(missing));
        Tool.run("declare", "orders", "--yes", "--url", "wharf:derby:" + missing).exits(0);
        Tool.run("stat", "orders", "--url", "wharf:derby:" + missing).exits(0);
    }

    @Test
    void secretsInAStoreUrlAreNeverPrinted() {
        String secret = "hunter2-" + System.nanoTime();
        String sqs = "wharf:sqs:http://127.0.0.1:" + 1 + "?region=r&accessKeyId=a&secretAccessKey=" + secret;
        Tool.Result open = Tool.run("queues", "--url", sqs);
        assertTrue(open.code() != 0, open.all());
        assertFalse(open.all().contains(secret), open.all());

        Tool.Result stray = Tool.run("queues", "--url", url, sqs).exits(2);
        assertFalse(stray.all().contains(secret), stray.all());
        assertTrue(stray.err().contains("secretAccessKey=***"), stray.err());

        String derby = url + "?password=" + secret;
        Tool.Result withPassword = Tool.run("queues", "--url", derby);
        assertFalse(withPassword.all().contains(secret), withPassword.all());

        Tool.Result noWait = Tool.run("move", "orders", "--no-wait", "--url", derby).exits(2);
        assertFalse(noWait.all().contains(secret), noWait.all());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
