package org.wharfmq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.StoreLease;
import org.wharfmq.jms.Wharf;
import picocli.CommandLine;

/** Every command on a Derby store reached by --url, as a user runs them: exit codes, tables, JSON. */
class CommandsTest {
    private static final String REDRIVE = "RedrivePolicy={\"deadLetterTargetArn\":\"orders-dlq\",\"maxReceiveCount\":3}";

    @TempDir
    Path dir;
    private String url;

    @BeforeEach
    void store() {
        url = "wharf:derby:" + dir.resolve("store");
    }

    private Tool.Result wharf(String... args) {
        return Tool.run(withUrl(args));
    }

    private Tool.Result wharfWithInput(String stdin, String... args) {
        return Tool.run(Map.of(), stdin, withUrl(args));
    }

    private String[] withUrl(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--url";
        all[args.length + 1] = url;
        return all;
    }

    /** The queues document of {@code wharf queues -o json}, by queue name. */
    private JsonNode queue(String name) {
        for (JsonNode q : wharf("queues", "-o", "json").exits(0).json().get("queues")) {
            if (q.get("name").asText().equals(name)) {
                return q;
            }
        }
        return null;
    }

    private void ordersWithDeadLetterQueue() {
        wharf("declare", "orders-dlq", "--yes").exits(0);
        wharf("declare", "orders", "-a", REDRIVE, "-a", "VisibilityTimeout=60", "--yes").exits(0);
    }

    @Test
    void declareCreatesThenUpdatesThenLeavesAQueue() {
        assertEquals("queue orders: CREATED\n", wharf("declare", "orders", "--yes").exits(0).out());
        assertEquals("queue orders: UNCHANGED\n", wharf("declare", "orders", "--yes").exits(0).out());
        JsonNode updated = wharf("declare", "orders", "-a", "VisibilityTimeout=45", "--yes", "-o", "json").exits(0).json();
        assertEquals("UPDATED", updated.get("result").asText());
        assertEquals("orders", updated.get("queue").asText());
        assertEquals(url, updated.get("store").asText());
        assertEquals("45", wharf("stat", "orders", "-o", "json").exits(0).json().get("attributes")
                .get("VisibilityTimeout").asText());
    }

    @Test
    void queuesShowsDepthsAndDeadLetterQueues() {
        ordersWithDeadLetterQueue();
        wharf("send", "orders", "one").exits(0);
        wharf("send", "orders", "two").exits(0);
        wharf("send", "orders", "later", "--delay", "600").exits(0);

        String table = wharf("queues").exits(0).out();
        List<String> lines = table.lines().toList();
        assertEquals(List.of("NAME", "VISIBLE", "IN", "FLIGHT", "DELAYED", "OLDEST", "AGE", "DLQ"),
                List.of(lines.get(0).trim().split("\\s+")), table);
        assertEquals(List.of("orders", "2", "0", "1"), List.of(lines.get(1).split("\\s+")).subList(0, 4), table);
        assertTrue(lines.get(1).endsWith("orders-dlq"), table);
        assertTrue(lines.get(2).startsWith("orders-dlq ") && lines.get(2).endsWith("-"), table);

        JsonNode orders = queue("orders");
        assertEquals(2, orders.get("visible").asLong());
        assertFalse(orders.get("counting").asBoolean(), "a store counts a shallow queue whole when it opens");
        assertEquals(0, orders.get("inFlight").asLong());
        assertEquals(1, orders.get("delayed").asLong());
        assertEquals("orders-dlq", orders.get("deadLetterQueue").asText());
        assertEquals(3, orders.get("maxReceiveCount").asInt());
        assertTrue(orders.get("oldestAgeSeconds").asLong() >= 0);
        assertEquals("", queue("orders-dlq").get("deadLetterQueue").asText());
    }

    @Test
    void queuesOnAnEmptyStoreSaysSo() {
        wharf("declare", "gone", "--yes").exits(0);
        wharf("delete", "gone", "--yes").exits(0);
        assertTrue(wharf("queues").exits(0).out().contains("(no queues in store " + url + ")"));
        assertEquals(0, wharf("queues", "-o", "json").exits(0).json().get("queues").size());
    }

    @Test
    void watchRedrawsUntilInterrupted() throws Exception {
        wharf("declare", "orders", "--yes").exits(0);
        StringWriter out = new StringWriter();
        CommandLine cl = WharfCommand.commandLine(new WharfCommand(Tool.terminal(java.io.InputStream.nullInputStream())));
        cl.setOut(new PrintWriter(out, true));
        CompletableFuture<Integer> run = new CompletableFuture<>();
        Thread watcher = new Thread(() -> run.complete(cl.execute(withUrl("queues", "--watch=1"))));
        watcher.start();
        awaitTrue(() -> out.toString().split("every 1 s", -1).length > 2);
        watcher.interrupt();
        assertEquals(0, run.get(30, TimeUnit.SECONDS));
        assertTrue(out.toString().contains("orders"), out.toString());
    }

    @Test
    void statShowsEveryMetricAndAttribute() {
        ordersWithDeadLetterQueue();
        wharf("send", "orders", "one").exits(0);
        String table = wharf("stat", "orders").exits(0).out();
        assertTrue(table.startsWith("queue orders of store " + url + "\n"), table);
        assertTrue(table.lines().anyMatch(l -> l.matches("ApproximateNumberOfMessagesVisible\\s+1")), table);
        assertTrue(table.lines().anyMatch(l -> l.matches("VisibilityTimeout\\s+60")), table);

        JsonNode json = wharf("stat", "orders", "-o", "json").exits(0).json();
        assertEquals(1, json.get("statistics").get("ApproximateNumberOfMessagesVisible").asLong());
        assertEquals(0, json.get("statistics").get("ApproximateNumberOfMessagesNotVisible").asLong());
        assertTrue(json.get("attributes").get("RedrivePolicy").asText().contains("orders-dlq"));
    }

    @Test
    void browseShowsMessagesAndLeavesThem() {
        wharf("declare", "orders", "--yes").exits(0);
        String id = wharf("send", "orders", "hello", "-p", "color=blue").exits(0).out().trim();
        wharf("send", "orders", "world").exits(0);
        wharf("send", "orders", "third").exits(0);

        String shown = wharf("browse", "orders", "--max", "2").exits(0).out();
        assertTrue(shown.startsWith(id + "\n"), shown);
        assertTrue(shown.contains("  color = blue\n"), shown);
        assertTrue(shown.contains("  body (5 characters): hello\n"), shown);
        assertTrue(shown.contains("body (5 characters): world"), shown);
        assertFalse(shown.contains("third"), shown);
        assertTrue(shown.endsWith("(2 messages of queue orders, left in place)\n"), shown);

        JsonNode json = wharf("browse", "orders", "-o", "json").exits(0).json();
        assertEquals(3, json.get("messages").size());
        JsonNode first = json.get("messages").get(0);
        assertEquals(id, first.get("messageId").asText());
        assertEquals("TextMessage", first.get("type").asText());
        assertEquals("hello", first.get("bodyPreview").asText());
        assertEquals(5, first.get("bodySize").asLong());
        assertEquals("blue", first.get("properties").get("color").asText());
        assertEquals(3, queue("orders").get("visible").asLong());
    }

    @Test
    void sendTakesTheBodyFromTheArgumentAFileOrStandardInput() throws Exception {
        wharf("declare", "orders", "--yes").exits(0);
        Path file = Files.writeString(dir.resolve("body.json"), "{\"id\": 7}");
        wharf("send", "orders", "from the argument").exits(0);
        wharf("send", "orders", "--file", file.toString()).exits(0);
        JsonNode sent = wharfWithInput("from standard input\n", "send", "orders", "-o", "json").exits(0).json();
        assertTrue(sent.get("messageId").asText().startsWith("ID:"), sent.toString());
        assertEquals("orders", sent.get("queue").asText());

        JsonNode received = wharf("receive", "orders", "--max", "10", "-o", "json").exits(0).json();
        List<String> bodies = new ArrayList<>();
        received.get("messages").forEach(m -> bodies.add(m.get("bodyPreview").asText()));
        assertEquals(List.of("from the argument", "{\"id\": 7}", "from standard input"), bodies);
        assertEquals(sent.get("messageId"), received.get("messages").get(2).get("messageId"));
    }

    @Test
    void sendSetsGroupDeduplicationIdAndDelay() {
        wharf("declare", "jobs.fifo", "-a", "FifoQueue=true", "--yes").exits(0);
        wharf("send", "jobs.fifo", "first", "--group", "g1", "--dedup-id", "d1").exits(0);
        wharf("send", "jobs.fifo", "first again", "--group", "g1", "--dedup-id", "d1").exits(0);
        JsonNode received = wharf("receive", "jobs.fifo", "--max", "10", "-o", "json").exits(0).json();
        assertEquals(1, received.get("messages").size(), received.toString());
        assertEquals("g1", received.get("messages").get(0).get("groupId").asText());
        assertEquals("first", received.get("messages").get(0).get("bodyPreview").asText());

        wharf("declare", "orders", "--yes").exits(0);
        wharf("send", "orders", "later", "--delay", "300").exits(0);
        assertEquals(1, queue("orders").get("delayed").asLong());
        assertEquals(0, wharf("receive", "orders", "-o", "json").exits(0).json().get("messages").size());
    }

    @Test
    void receiveDeletesWhatItShows() {
        wharf("declare", "orders", "--yes").exits(0);
        wharf("send", "orders", "one", "-p", "k=v").exits(0);
        wharf("send", "orders", "two").exits(0);
        String shown = wharf("receive", "orders").exits(0).out();
        assertTrue(shown.contains("body (3 characters): one") && shown.contains("  k = v"), shown);
        assertTrue(shown.endsWith("(1 message received from queue orders and deleted)\n"), shown);
        assertEquals(1, queue("orders").get("visible").asLong());
        assertEquals(0, queue("orders").get("inFlight").asLong());
        assertTrue(wharf("receive", "orders", "--max", "5", "--wait", "1").exits(0).out().contains("two"));
        assertEquals(0, queue("orders").get("visible").asLong());
    }

    @Test
    void purgeEmptiesAQueueAndDeleteRemovesIt() {
        wharf("declare", "orders", "--yes").exits(0);
        wharf("send", "orders", "one").exits(0);
        assertEquals("queue orders: purged\n", wharf("purge", "orders", "--yes").exits(0).out());
        assertEquals(0, queue("orders").get("visible").asLong());
        assertEquals("deleted", wharf("delete", "orders", "-y", "-o", "json").exits(0).json().get("result").asText());
        assertEquals(null, queue("orders"));
    }

    @Test
    void moveRunsATaskToTheEndWithAProgressBar() throws Exception {
        // Derby keeps its move tasks in memory: the store stays open across the commands, as in an application.
        StoreLease held = Wharf.lease(url);
        try {
            moveAndListTasks();
        } finally {
            held.close();
        }
    }

    private void moveAndListTasks() {
        ordersWithDeadLetterQueue();
        for (int i = 0; i < 3; i++) {
            wharf("send", "orders-dlq", "dead " + i).exits(0);
        }
        Tool.Result moved = wharf("move", "orders-dlq", "--to", "orders").exits(0);
        assertTrue(moved.out().matches("task \\S+ COMPLETED: 3 message\\(s\\) moved from orders-dlq to orders\n"),
                moved.out());
        assertTrue(moved.err().contains("[" + "#".repeat(30) + "] 3/3 COMPLETED"), moved.err());
        assertEquals(3, queue("orders").get("visible").asLong());
        assertEquals(0, queue("orders-dlq").get("visible").asLong());

        String tasks = wharf("tasks", "orders-dlq").exits(0).out();
        assertTrue(tasks.startsWith("HANDLE"), tasks);
        assertTrue(tasks.lines().skip(1).findFirst().orElseThrow().matches("\\S+\\s+COMPLETED\\s+orders\\s+3\\s+3\\s+-.*"),
                tasks);
        JsonNode listed = wharf("tasks", "orders-dlq", "-o", "json").exits(0).json();
        assertEquals("COMPLETED", listed.get("tasks").get(0).get("status").asText());
        assertEquals(3, listed.get("tasks").get(0).get("approximateNumberOfMessagesMoved").asLong());
    }

    @Test
    void aCancelledMoveExitsWithOne() throws Exception {
        StoreLease held = Wharf.lease(url);
        try {
            cancelAMove();
        } finally {
            held.close();
        }
    }

    private void cancelAMove() throws Exception {
        ordersWithDeadLetterQueue();
        for (int i = 0; i < 20; i++) {
            wharf("send", "orders-dlq", "dead " + i).exits(0);
        }
        CompletableFuture<Tool.Result> move = CompletableFuture.supplyAsync(
                () -> wharf("move", "orders-dlq", "--to", "orders", "--rate", "1", "-o", "json"));
        String[] handle = new String[1];
        awaitTrue(() -> {
            JsonNode tasks = wharf("tasks", "orders-dlq", "-o", "json").exits(0).json().get("tasks");
            handle[0] = tasks.isEmpty() ? null : tasks.get(0).get("taskHandle").asText();
            return handle[0] != null;
        });
        String cancelled = wharf("tasks", "orders-dlq", "--cancel", handle[0]).exits(0).out();
        assertTrue(cancelled.startsWith("task " + handle[0] + " cancelled after moving "), cancelled);
        Tool.Result result = move.get(60, TimeUnit.SECONDS).exits(1);
        assertTrue(result.err().contains("wharf: move task " + handle[0] + " of queue orders-dlq of store " + url
                + " was CANCELLED after moving "), result.err());
        assertEquals("CANCELLED", result.json().get("status").asText());
        assertTrue(queue("orders-dlq").get("visible").asLong() > 0);
    }

    @Test
    void moveWithoutWaitingIsForAStoreInAnotherProcess() {
        ordersWithDeadLetterQueue();
        Tool.Result r = wharf("move", "orders-dlq", "--no-wait").exits(2);
        assertTrue(r.err().contains("--no-wait with --url " + url), r.err());
        assertEquals(0, wharf("tasks", "orders-dlq", "-o", "json").exits(0).json().get("tasks").size());
    }

    @Test
    void hashPasswordPrintsAUsersFileLine() {
        String line = Tool.run(Map.of(), "s3cret\n", "hash-password", "alice").exits(0).out();
        assertTrue(line.matches("alice=pbkdf2-sha256:\\S+\n"), line);
        assertFalse(line.contains("s3cret"));
        assertTrue(Tool.run("hash-password", "alice").exits(2).err().contains("no password given"));
    }

    @Test
    void completionScriptAndVersion() {
        assertTrue(Tool.run("generate-completion").exits(0).out().contains("complete -F _complete_wharf"));
        assertTrue(Tool.run("--version").exits(0).out().startsWith("wharf "));
    }

    @Test
    void everyCommandHasHelpWithExamples() {
        CommandLine root = WharfCommand.commandLine(new WharfCommand());
        List<String> commands = root.getSubcommands().keySet().stream()
                .filter(c -> !Stream.of("help", "generate-completion").toList().contains(c)).toList();
        assertTrue(commands.containsAll(List.of("queues", "stat", "browse", "send", "receive", "purge", "declare",
                "delete", "move", "tasks", "hash-password")), commands.toString());
        for (String c : commands) {
            Tool.Result help = Tool.run(c, "--help").exits(0);
            assertTrue(help.out().contains("Usage: wharf " + c) && help.out().contains("Examples:"), help.out());
        }
    }

    /** Polls {@code condition} every 50 ms for up to 30 s. */
    static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not true within 30 s");
            }
            Thread.sleep(50);
        }
    }
}
