package org.wharfmq.cli.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.wharfmq.jms.management.StoreMXBean;

/**
 * The web console of one store: an HTTP server on 127.0.0.1 serving the page (HTML, CSS and
 * JavaScript from this jar, nothing fetched elsewhere) and its JSON API over a {@link StoreMXBean}:
 * the sampler's latest reading and history, message previews, move tasks, and the changes purge,
 * declare and move. {@link Guard} decides which requests are answered.
 */
public final class ConsoleServer implements AutoCloseable {
    /** Every response's policy: the page loads nothing from elsewhere, runs no inline script, is framed by no one. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    /** The most messages one preview shows. */
    static final int MAX_PREVIEW = 100;
    private static final int MAX_BODY = 64 * 1024;
    private static final Map<String, String> PAGE_FILES = Map.of(
            "/index.html", "text/html; charset=utf-8",
            "/console.css", "text/css; charset=utf-8",
            "/console.js", "text/javascript; charset=utf-8",
            "/favicon.svg", "image/svg+xml");

    private final StoreMXBean store;
    private final String storeUrl;
    private final Guard guard;
    private final Sampler sampler;
    /** Hides the secrets of any store URL in a text the console shows. */
    private final UnaryOperator<String> redact;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, byte[]> page = new LinkedHashMap<>();
    private final int requestedPort;
    private HttpServer http;
    private ExecutorService workers;

    /**
     * A console of {@code store}, printed as {@code storeUrl} (its printable URL), on port {@code port}
     * of 127.0.0.1 (0: a free one); {@code guard} says who may use it.
     */
    public ConsoleServer(StoreMXBean store, String storeUrl, int port, Guard guard, UnaryOperator<String> redact) {
        this(store, storeUrl, port, guard, Sampler.INTERVAL, redact);
    }

    ConsoleServer(StoreMXBean store, String storeUrl, int port, Guard guard, Duration sampling,
            UnaryOperator<String> redact) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("Bad port " + port + ": use 0 (a free one) to 65535");
        }
        this.store = store;
        this.storeUrl = storeUrl;
        this.requestedPort = port;
        this.guard = guard;
        this.redact = redact;
        this.sampler = new Sampler(store, storeUrl, sampling, Sampler.KEPT, redact);
        for (String file : PAGE_FILES.keySet()) {
            page.put(file, resource(file));
        }
    }

    private static byte[] resource(String file) {
        try (InputStream in = ConsoleServer.class.getResourceAsStream(file.substring(1))) {
            if (in == null) {
                throw new IllegalStateException("The console's " + file + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Binds the port, starts sampling and serving; fails naming the port if it is taken. */
    public ConsoleServer start() throws IOException {
        InetAddress loopback = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
        try {
            http = HttpServer.create(new InetSocketAddress(loopback, requestedPort), 0);
        } catch (IOException e) {
            throw new IOException("The console cannot listen on 127.0.0.1:" + requestedPort + ": " + e.getMessage(), e);
        }
        guard.port(http.getAddress().getPort());
        AtomicInteger n = new AtomicInteger();
        workers = Executors.newFixedThreadPool(4, work -> {
            Thread t = new Thread(work, "wharf-console-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        http.setExecutor(workers);
        http.createContext("/", this::handle);
        sampler.start();
        http.start();
        return this;
    }

    /** The console's address, {@code http://127.0.0.1:<port>/}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/");
    }

    @Override
    public void close() {
        if (http != null) {
            http.stop(0);
            workers.shutdownNow();
            try {
                workers.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        sampler.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            Headers out = exchange.getResponseHeaders();
            out.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            out.set("X-Content-Type-Options", "nosniff");
            out.set("X-Frame-Options", "DENY");
            out.set("Referrer-Policy", "no-referrer");
            out.set("Cache-Control", "no-store");
            Optional<Guard.Refusal> refusal = guard.check(exchange.getRequestMethod(), exchange.getRequestHeaders());
            if (refusal.isPresent()) {
                if (!refusal.get().challenge().isEmpty()) {
                    out.set("WWW-Authenticate", refusal.get().challenge());
                }
                error(exchange, refusal.get().status(), refusal.get().message());
                return;
            }
            route(exchange);
        } catch (BadRequest e) {
            error(exchange, 400, e.getMessage());
        } catch (RuntimeException e) {
            error(exchange, 500, "The console failed: " + StoreErrors.cause(e));
        } finally {
            exchange.close();
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        if (exchange.getRequestMethod().equals("GET")) {
            String file = path.equals("/") ? "/index.html" : path;
            if (page.containsKey(file)) {
                send(exchange, 200, PAGE_FILES.get(file), page.get(file));
                return;
            }
            switch (path) {
                case "/api/state" -> json(exchange, 200, sampler.latest());
                case "/api/history" -> json(exchange, 200, Map.of("queue", queue(query.get("queue")),
                        "points", sampler.history(query.get("queue"))));
                case "/api/messages" -> browse(exchange, queue(query.get("queue")), query.get("max"));
                case "/api/tasks" -> call(exchange, "Listing the move tasks of", queue(query.get("queue")),
                        q -> store.listMessageMoveTasks(q), false);
                default -> error(exchange, 404, "Not found: " + path);
            }
            return;
        }
        JsonNode body = body(exchange);
        switch (path) {
            case "/api/purge" -> call(exchange, "Purging", text(body, "queue"), q -> {
                store.purgeQueue(q);
                return Map.of("purged", q);
            }, true);
            case "/api/declare" -> {
                String queue = text(body, "queue");
                Map<String, String> attributes = attributes(body.get("attributes"));
                call(exchange, "Declaring", queue, q -> Map.of("result", store.declareQueue(q, attributes)), true);
            }
            case "/api/move" -> {
                String source = text(body, "source");
                String destination = body.hasNonNull("destination") ? body.get("destination").asText() : "";
                call(exchange, "Moving the messages of", source,
                        q -> Map.of("taskHandle", store.startMessageMoveTask(q, destination, 0)), true);
            }
            default -> error(exchange, 404, "Not found: " + path);
        }
    }

    private void browse(HttpExchange exchange, String queue, String max) throws IOException {
        int n;
        try {
            n = max == null ? 10 : Integer.parseInt(max);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 1 || n > MAX_PREVIEW) {
            throw new BadRequest("Bad max '" + max + "': use 1 to " + MAX_PREVIEW + " messages");
        }
        int count = n;
        call(exchange, "Browsing", queue, q -> Map.of("queue", q, "messages", store.browse(q, count)), false);
    }

    private interface StoreCall {
        Object run(String queue);
    }

    /** Runs {@code call} on {@code queue}; a failure is answered naming what was done, the queue, the store and the cause. */
    private void call(HttpExchange exchange, String doing, String queue, StoreCall call, boolean change)
            throws IOException {
        Object result;
        try {
            result = call.run(queue);
        } catch (RuntimeException e) {
            boolean refused = StoreErrors.refused(e);
            error(exchange, refused ? 400 : 502, doing + " queue " + queue + " on store " + storeUrl
                    + (refused ? " was refused: " : " failed: ") + StoreErrors.cause(e));
            return;
        } finally {
            if (change) {
                sampler.sampleSoon();
            }
        }
        json(exchange, 200, result);
    }

    private JsonNode body(HttpExchange exchange) throws IOException {
        byte[] bytes;
        try (InputStream in = exchange.getRequestBody()) {
            bytes = in.readNBytes(MAX_BODY + 1);
        }
        if (bytes.length > MAX_BODY) {
            throw new BadRequest("The request is larger than " + MAX_BODY + " bytes");
        }
        try {
            JsonNode node = json.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw new BadRequest("The request is not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new BadRequest("The request is not JSON: " + e.getOriginalMessage());
        }
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || !value.isTextual()) {
            throw new BadRequest("The request has no " + field + " (a queue name)");
        }
        return queue(value.asText());
    }

    private static String queue(String name) {
        if (name == null || name.isBlank()) {
            throw new BadRequest("No queue named: give its name");
        }
        return name;
    }

    private static Map<String, String> attributes(JsonNode node) {
        Map<String, String> attributes = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return attributes;
        }
        if (!node.isObject()) {
            throw new BadRequest("Bad attributes " + node + ": give an object of names to text values");
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (e.getKey().isBlank() || !e.getValue().isValueNode() || e.getValue().isNull()) {
                throw new BadRequest("Bad attribute " + e.getKey() + "=" + e.getValue() + ": give a name and a value");
            }
            attributes.put(e.getKey(), e.getValue().asText());
        }
        return attributes;
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> query = new LinkedHashMap<>();
        if (raw == null) {
            return query;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            query.putIfAbsent(key, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return query;
    }

    private void json(HttpExchange exchange, int status, Object value) throws IOException {
        send(exchange, status, "application/json; charset=utf-8", json.writeValueAsBytes(value));
    }

    private void error(HttpExchange exchange, int status, String message) throws IOException {
        json(exchange, status, Map.of("error", redact.apply(message)));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** A request the console cannot serve as given: answered 400 with its message. */
    private static final class BadRequest extends RuntimeException {
        BadRequest(String message) {
            super(message);
        }
    }
}
