package org.wharfmq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The --pid and --jmx routes, to a Derby store held open by another JVM ({@link StoreHolder}) with
 * a password-authenticated JMX connector on 127.0.0.1.
 */
class RemoteRoutesTest {
    private static final String USER = "ops";
    private static final String PASSWORD = "pw-" + System.nanoTime();

    @TempDir
    static Path dir;
    private static String url;
    private static ChildJvm holder;

    @BeforeAll
    static void startHolder() throws Exception {
        url = "wharf:derby:" + dir.resolve("store");
        holder = ChildJvm.start(dir.resolve("holder.log"), Map.of(StoreHolder.PASSWORD_ENV, PASSWORD), url, USER);
    }

    @AfterAll
    static void stopHolder() throws Exception {
        if (holder != null) {
            holder.close();
        }
    }

    private static Tool.Result byPid(String... args) {
        return Tool.run(append(args, "--pid", Long.toString(holder.pid())));
    }

    private static String[] append(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    private static JsonNode queue(Tool.Result queues, String name) {
        for (JsonNode q : queues.json().get("queues")) {
            if (q.get("name").asText().equals(name)) {
                return q;
            }
        }
        throw new AssertionError("no queue " + name + " in " + queues.out());
    }

    @Test
    void byProcessIdEveryCommandReachesTheStoreOfTheOtherJvm() throws InterruptedException {
        byPid("declare", "pid-orders-dlq", "--yes").exits(0);
        byPid("declare", "pid-orders", "-a",
                "RedrivePolicy={\"deadLetterTargetArn\":\"pid-orders-dlq\",\"maxReceiveCount\":2}", "--yes").exits(0);
        byPid("send", "pid-orders", "hello").exits(0);
        byPid("send", "pid-orders-dlq", "dead one").exits(0);
        byPid("send", "pid-orders-dlq", "dead two").exits(0);

        Tool.Result queues = byPid("queues", "-o", "json").exits(0);
        assertEquals(url, queues.json().get("store").asText());
        assertEquals(1, queue(queues, "pid-orders").get("visible").asLong());
        assertEquals("pid-orders-dlq", queue(queues, "pid-orders").get("deadLetterQueue").asText());
        assertTrue(byPid("queues").exits(0).out().lines().anyMatch(l -> l.matches("pid-orders-dlq\\s+2\\s+0\\s+0\\s.*")));

        JsonNode received = byPid("receive", "pid-orders", "-o", "json").exits(0).json();
        assertEquals("hello", received.get("messages").get(0).get("bodyPreview").asText());

        Tool.Result moved = byPid("move", "pid-orders-dlq", "--to", "pid-orders").exits(0);
        assertTrue(moved.out().contains("COMPLETED: 2 message(s) moved"), moved.out());
        assertEquals(2, queue(byPid("queues", "-o", "json").exits(0), "pid-orders").get("visible").asLong());

        byPid("send", "pid-orders-dlq", "dead three").exits(0);
        String handle = byPid("move", "pid-orders-dlq", "--to", "pid-orders", "--no-wait").exits(0).out().trim();
        CommandsTest.awaitTrue(() -> byPid("tasks", "pid-orders-dlq").exits(0).out().lines()
                .anyMatch(l -> l.startsWith(handle + " ") && l.contains(" COMPLETED ")));
        assertEquals(3, queue(byPid("queues", "-o", "json").exits(0), "pid-orders").get("visible").asLong());

        Tool.Result refused = byPid("browse", "pid-nosuch").exits(1);
        assertEquals("wharf: queue pid-nosuch does not exist in store " + url + "\n", refused.err());
    }

    @Test
    void aStoreHeldByAnotherJvmIsReachedByItsProcessIdNotItsUrl() {
        Tool.Result r = Tool.run("queues", "--url", url).exits(3);
        assertTrue(r.err().startsWith("wharf: cannot open store " + url + ": ") && r.err().contains("another process")
                && r.err().endsWith("(reach it there with --pid <its process id> or --jmx)\n"), r.err());
    }

    @Test
    void aStoreFilterThatMatchesNothingListsTheStores() {
        Tool.Result r = byPid("queues", "--store", "elsewhere").exits(3);
        assertTrue(r.err().contains("'elsewhere'") && r.err().contains(url), r.err());
        byPid("queues", "--store", "store").exits(0);
    }

    @Test
    void byJmxWithAPassword() {
        Tool.Result ok = Tool.run(Map.of(StoreOptions.JMX_PASSWORD_ENV, PASSWORD), "",
                "queues", "-o", "json", "--jmx", holder.jmxAddress(), "--jmx-user", USER).exits(0);
        assertEquals(url, ok.json().get("store").asText());

        Tool.Result wrong = Tool.run(Map.of(StoreOptions.JMX_PASSWORD_ENV, "not-" + PASSWORD), "",
                "queues", "--jmx", holder.jmxAddress(), "--jmx-user", USER).exits(3);
        assertTrue(wrong.err().startsWith("wharf: JMX refused user ops at " + holder.jmxAddress()), wrong.err());
        assertTrue(!wrong.all().contains(PASSWORD));

        Tool.Result none = Tool.run("queues", "--jmx", holder.jmxAddress(), "--jmx-user", USER).exits(2);
        assertTrue(none.err().contains(StoreOptions.JMX_PASSWORD_ENV), none.err());
        Tool.Result anonymous = Tool.run("queues", "--jmx", holder.jmxAddress()).exits(3);
        assertTrue(anonymous.err().contains("without credentials"), anonymous.err());
    }
}
