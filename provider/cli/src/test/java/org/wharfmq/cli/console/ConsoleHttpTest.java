package org.wharfmq.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.cli.console.TestConsole.await;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.wharfmq.jms.Wharf;

/** The console's HTTP side without a browser: its API, its headers, and the requests it refuses. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private TestConsole console;

    @BeforeAll
    void start() throws Exception {
        console = TestConsole.start("wharf:memory:console-http-" + UUID.randomUUID(), null, Duration.ofMillis(300));
    }

    @AfterAll
    void stop() {
        console.close();
    }

    @Test
    void thePageAndTheApiCarryTheContentSecurityPolicy() throws Exception {
        HttpResponse<String> page = get(console, "/", Map.of());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("<script src=\"console.js\""), page.body());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElse(""));
        for (String path : new String[] {"/", "/console.js", "/console.css", "/favicon.svg", "/api/state"}) {
            HttpResponse<String> r = get(console, path, Map.of());
            assertEquals(200, r.statusCode(), path);
            String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
            assertTrue(csp.startsWith("default-src 'self';"), path + ": " + csp);
            assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""), path);
        }
        assertEquals(404, get(console, "/other.js", Map.of()).statusCode());
    }

    @Test
    void theStateShowsDepthsAndRatesFromTheCounters() throws Exception {
        console.send("http-orders", 3);
        JsonNode orders = awaitQueue("http-orders", q -> q.get("visible").asLong() == 3);
        assertEquals(0, orders.get("inFlight").asLong());
        assertEquals("", orders.get("deadLetterQueue").asText());
        assertEquals(Wharf.printable(console.url), state().get("store").asText());

        console.send("http-orders", 20);
        JsonNode sending = awaitQueue("http-orders", q -> q.get("visible").asLong() == 23
                && q.get("sentPerSecond").isNumber() && q.get("sentPerSecond").asDouble() > 0);
        assertTrue(sending.get("sentPerSecond").asDouble() > 0, sending.toString());

        JsonNode history = json(get(console, "/api/history?queue=http-orders", Map.of()));
        assertTrue(history.get("points").size() >= 2, history.toString());
        JsonNode last = history.get("points").get(history.get("points").size() - 1);
        assertEquals(23, last.get("visible").asLong());
    }

    @Test
    void aChangeNeedsTheHeaderTheOriginAndJson() throws Exception {
        console.send("http-guarded", 2);
        String body = "{\"queue\":\"http-guarded\"}";
        Map<String, String> own = Map.of("Origin", console.origin(), Guard.CHANGE_HEADER, "1",
                "Content-Type", "application/json");

        HttpResponse<String> foreign = post(console, "/api/purge", body, Map.of("Origin", "http://evil.example",
                Guard.CHANGE_HEADER, "1", "Content-Type", "application/json"));
        assertEquals(403, foreign.statusCode());
        assertTrue(json(foreign).get("error").asText().contains("own page"), foreign.body());
        assertEquals(403, post(console, "/api/purge", body, Map.of("Origin", console.origin(),
                "Content-Type", "application/json")).statusCode(), "no custom header");
        assertEquals(403, post(console, "/api/purge", body, Map.of(Guard.CHANGE_HEADER, "1",
                "Content-Type", "application/json")).statusCode(), "no Origin");
        assertEquals(403, post(console, "/api/purge", body, Map.of("Origin", console.origin(), Guard.CHANGE_HEADER, "1",
                "Content-Type", "application/json", "Sec-Fetch-Site", "cross-site")).statusCode(), "cross-site");
        assertEquals(415, post(console, "/api/purge", body, Map.of("Origin", console.origin(), Guard.CHANGE_HEADER, "1",
                "Content-Type", "text/plain")).statusCode(), "a form's content type");
        assertEquals(2, console.visible("http-guarded"), "nothing purged");

        HttpResponse<String> purged = post(console, "/api/purge", body, own);
        assertEquals(200, purged.statusCode(), purged.body());
        assertEquals(0, console.visible("http-guarded"));
    }

    @Test
    void aRequestNamingAnotherHostIsRefused() throws Exception {
        // A site whose name was re-pointed at 127.0.0.1 (DNS rebinding) sends its own name as Host.
        String status = rawGet("evil.example:" + console.server.url().getPort());
        assertTrue(status.startsWith("HTTP/1.1 403"), status);
        assertTrue(rawGet("127.0.0.1:" + console.server.url().getPort()).startsWith("HTTP/1.1 200"));
        assertTrue(rawGet("localhost:" + console.server.url().getPort()).startsWith("HTTP/1.1 200"));
    }

    @Test
    void basicAuthRefusesAWrongPassword() throws Exception {
        Guard guard = new Guard("ops", "right-horse-battery".toCharArray());
        try (TestConsole guarded = TestConsole.start("wharf:memory:console-auth-" + UUID.randomUUID(), guard,
                Duration.ofMillis(300))) {
            HttpResponse<String> none = get(guarded, "/api/state", Map.of());
            assertEquals(401, none.statusCode());
            assertEquals("Basic realm=\"wharf console\", charset=\"UTF-8\"",
                    none.headers().firstValue("WWW-Authenticate").orElse(""));
            assertEquals(401, get(guarded, "/", Map.of("Authorization", basic("ops", "wrong"))).statusCode());
            assertEquals(401, get(guarded, "/", Map.of("Authorization", basic("other", "right-horse-battery")))
                    .statusCode());
            assertEquals(401, get(guarded, "/", Map.of("Authorization", "Basic !!notbase64")).statusCode());
            HttpResponse<String> right = get(guarded, "/api/state", Map.of("Authorization",
                    basic("ops", "right-horse-battery")));
            assertEquals(200, right.statusCode());
            assertFalse(right.body().contains("right-horse-battery"));
        }
    }

    @Test
    void badInputIsRefusedNamingTheValueAndChangesNothing() throws Exception {
        console.send("http-input", 1);
        Map<String, String> own = Map.of("Origin", console.origin(), Guard.CHANGE_HEADER, "1",
                "Content-Type", "application/json");

        HttpResponse<String> max = get(console, "/api/messages?queue=http-input&max=0", Map.of());
        assertEquals(400, max.statusCode());
        assertEquals("Bad max '0': use 1 to 100 messages", json(max).get("error").asText());

        HttpResponse<String> attributes = post(console, "/api/declare",
                "{\"queue\":\"http-new\",\"attributes\":[\"VisibilityTimeout\"]}", own);
        assertEquals(400, attributes.statusCode());
        assertTrue(json(attributes).get("error").asText().startsWith("Bad attributes [\"VisibilityTimeout\"]"),
                attributes.body());
        assertEquals(400, post(console, "/api/purge", "{\"queue\":7}", own).statusCode());
        assertEquals(400, post(console, "/api/purge", "not json", own).statusCode());

        HttpResponse<String> unknown = post(console, "/api/declare",
                "{\"queue\":\"http-new\",\"attributes\":{\"NoSuchAttribute\":\"1\"}}", own);
        assertEquals(400, unknown.statusCode());
        String error = json(unknown).get("error").asText();
        assertTrue(error.startsWith("Declaring queue http-new on store " + Wharf.printable(console.url)
                + " was refused: "), error);
        assertTrue(error.contains("NoSuchAttribute"), error);
        assertFalse(console.admin.listQueues(null).contains("http-new"), "nothing declared");

        HttpResponse<String> missing = post(console, "/api/purge", "{\"queue\":\"http-missing\"}", own);
        assertEquals(400, missing.statusCode());
        assertTrue(json(missing).get("error").asText().contains("http-missing"), missing.body());
        assertEquals(1, console.visible("http-input"));
    }

    @Test
    void aDeclareIsAnsweredWithItsResult() throws Exception {
        Map<String, String> own = Map.of("Origin", console.origin(), Guard.CHANGE_HEADER, "1",
                "Content-Type", "application/json");
        String body = "{\"queue\":\"http-declared\",\"attributes\":{\"VisibilityTimeout\":\"45\"}}";
        assertEquals("CREATED", json(post(console, "/api/declare", body, own)).get("result").asText());
        assertEquals("UNCHANGED", json(post(console, "/api/declare", body, own)).get("result").asText());
        assertEquals("45", console.admin.getQueueAttributes("http-declared").get("VisibilityTimeout"));
        awaitQueue("http-declared", q -> true);
    }

    private JsonNode state() throws Exception {
        return json(get(console, "/api/state", Map.of()));
    }

    private JsonNode awaitQueue(String name, java.util.function.Predicate<JsonNode> condition) {
        JsonNode[] found = new JsonNode[1];
        await(() -> {
            try {
                for (JsonNode q : state().get("queues")) {
                    if (q.get("name").asText().equals(name) && condition.test(q)) {
                        found[0] = q;
                        return true;
                    }
                }
                return false;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "queue " + name + " as expected in the console's state");
        return found[0];
    }

    private HttpResponse<String> get(TestConsole c, String path, Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(c.origin() + path)).timeout(Duration.ofSeconds(10));
        headers.forEach(b::header);
        return http.send(b.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(TestConsole c, String path, String body, Map<String, String> headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(c.origin() + path)).timeout(Duration.ofSeconds(10));
        headers.forEach(b::header);
        return http.send(b.POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The status line of a GET of /api/state sent with Host {@code host} (HttpClient will not send another Host). */
    private String rawGet(String host) throws Exception {
        try (Socket s = new Socket("127.0.0.1", console.server.url().getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET /api/state HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
        }
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static JsonNode json(HttpResponse<String> r) throws Exception {
        return JSON.readTree(r.body());
    }
}
