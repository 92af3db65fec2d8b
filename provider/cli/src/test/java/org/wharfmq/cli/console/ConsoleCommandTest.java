package org.wharfmq.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.cli.console.TestConsole.await;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.wharfmq.cli.ConsoleCommand;
import org.wharfmq.cli.Terminal;
import org.wharfmq.cli.WharfCommand;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;
import picocli.CommandLine;

/** {@code wharf console} as the tool runs it: options, the printed URL, the password, the stop. */
class ConsoleCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** The command running on its own thread, with what it printed so far. */
    private static final class Running {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final AtomicInteger code = new AtomicInteger(-1);
        final Thread thread;

        Running(Map<String, String> env, String... args) {
            CommandLine cl = WharfCommand.commandLine(new WharfCommand(
                    Terminal.of(env, new ByteArrayInputStream(new byte[0]))));
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            thread = new Thread(() -> code.set(cl.execute(args)), "wharf-console-under-test");
            thread.start();
        }

        /** The JSON document the console printed when it started. */
        JsonNode started() throws IOException {
            await(() -> out.toString().contains("}") || code.get() >= 0, "the console's start");
            assertEquals(-1, code.get(), () -> "stopped early: " + out + err);
            return JSON.readTree(out.toString());
        }

        int stop() throws InterruptedException {
            thread.interrupt();
            thread.join(15_000);
            assertFalse(thread.isAlive(), "the console stopped");
            return code.get();
        }
    }

    @Test
    void itServesTheStoreUntilStoppedAndNeverShowsItsSecret() throws Exception {
        String url = "wharf:memory:console-cmd-" + UUID.randomUUID() + "?user=app&password=hunter2-secret";
        Running console = new Running(Map.of(), "console", "--url", url, "--output", "json");
        JsonNode started = console.started();
        String address = started.get("url").asText();
        assertTrue(address.matches("http://127\\.0\\.0\\.1:\\d+/"), address);
        // The store's URL: user and password are connection options, not part of it.
        assertEquals(url.substring(0, url.indexOf('?')), started.get("store").asText());
        try {
            try (Connection c = new WharfConnectionFactory(url).createConnection("app", "hunter2-secret")) {
                Session s = c.createSession();
                s.createProducer(s.createQueue("cmd-orders")).send(s.createTextMessage("one"));
                s.createProducer(s.createQueue("cmd-orders")).send(s.createTextMessage("two"));
            }
            String[] state = new String[1];
            await(() -> {
                state[0] = get(address + "api/state", Map.of()).body();
                try {
                    for (JsonNode q : JSON.readTree(state[0]).get("queues")) {
                        if (q.get("name").asText().equals("cmd-orders") && q.get("visible").asLong() == 2) {
                            return true;
                        }
                    }
                    return false;
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, "cmd-orders with 2 messages in the state");
            String refused = post(address, "{\"queue\":\"cmd-missing\"}").body();
            assertTrue(refused.contains("cmd-missing") && refused.contains(started.get("store").asText()), refused);
            for (String shown : new String[] {console.out.toString(), console.err.toString(), state[0], refused,
                    get(address, Map.of()).body()}) {
                assertFalse(shown.contains("hunter2"), shown);
            }
        } finally {
            assertEquals(0, console.stop(), console.err.toString());
        }
        assertThrows(IOException.class, () -> http.send(HttpRequest.newBuilder(URI.create(address)).build(),
                HttpResponse.BodyHandlers.ofString()), "nothing listens once stopped");
    }

    @Test
    void aUserNeedsAPasswordFromTheEnvironmentOrAConsole() throws Exception {
        String url = "wharf:memory:console-nopw-" + UUID.randomUUID();
        Running console = new Running(Map.of(), "console", "--url", url, "--user", "ops");
        console.thread.join(15_000);
        assertEquals(2, console.code.get());
        assertTrue(console.err.toString().contains("--user ops needs a password: set WHARF_CONSOLE_PASSWORD"),
                console.err.toString());
        assertFalse(Wharf.isOpen(url), "the store was not opened");
    }

    @Test
    void theUsersPasswordComesFromTheEnvironment() throws Exception {
        Running console = new Running(Map.of(ConsoleCommand.PASSWORD_ENV, "env-horse"), "console", "--url",
                "wharf:memory:console-pw-" + UUID.randomUUID(), "--user", "ops", "--output", "json");
        JsonNode started = console.started();
        try {
            assertEquals("ops", started.get("user").asText());
            String address = started.get("url").asText();
            assertEquals(401, get(address, Map.of()).statusCode());
            assertEquals(401, get(address, Map.of("Authorization", basic("ops", "wrong"))).statusCode());
            assertEquals(200, get(address, Map.of("Authorization", basic("ops", "env-horse"))).statusCode());
        } finally {
            assertEquals(0, console.stop());
        }
    }

    @Test
    void aBadOrTakenPortIsAUsageErrorNamingIt() throws Exception {
        String url = "wharf:memory:console-port-" + UUID.randomUUID();
        Running bad = new Running(Map.of(), "console", "--url", url, "--port", "70000");
        bad.thread.join(15_000);
        assertEquals(2, bad.code.get());
        assertTrue(bad.err.toString().contains("--port 70000: use 0 (a free port) to 65535"), bad.err.toString());

        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Running clash = new Running(Map.of(), "console", "--url", url, "--port",
                    String.valueOf(taken.getLocalPort()));
            clash.thread.join(15_000);
            assertEquals(2, clash.code.get());
            assertTrue(clash.err.toString().contains("cannot listen on 127.0.0.1:" + taken.getLocalPort()),
                    clash.err.toString());
        }
        assertFalse(Wharf.isOpen(url), "the store was released");
    }

    private HttpResponse<String> get(String address, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(address)).timeout(Duration.ofSeconds(10));
        headers.forEach(b::header);
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> post(String address, String body) throws Exception {
        String origin = address.substring(0, address.length() - 1);
        return http.send(HttpRequest.newBuilder(URI.create(address + "api/purge"))
                .header("Origin", origin).header(Guard.CHANGE_HEADER, "1").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
