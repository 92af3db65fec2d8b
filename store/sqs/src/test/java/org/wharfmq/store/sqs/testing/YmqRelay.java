package org.wharfmq.store.sqs.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.InstantSource;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP relay on 127.0.0.1, on a free port, in front of an {@link ElasticMq}, that answers as
 * Yandex Message Queue (YMQ) documents it. Requests go on to ElasticMQ unchanged (path, headers but
 * Host, body) and answers come back unchanged, except for these rules, each following a page of
 * yandex-cloud/docs ({@code D} below is {@code https://github.com/yandex-cloud/docs/blob/master/en/}):
 * <ol>
 * <li><b>Wire protocol</b>: Query only; a JSON request ({@code X-Amz-Target}, or a JSON content type)
 *     gets HTTP 502 Bad Gateway with a plain-text body, the one answer reported, in
 *     <a href="https://github.com/yandex-cloud/docs/pull/815">yandex-cloud/docs#815</a>, which added to
 *     {@code D/message-queue/quickstart.md} the note "there is no support for the new AWS CLI versions
 *     with JSON protocol" (since taken out); {@code D/message-queue/api-ref/index.md} knows only
 *     form-encoded requests. {@link Options#acceptJson(boolean)} lets JSON through with the same rules
 *     (one user reports YMQ takes it now, yandex-cloud/docs#1018).</li>
 * <li><b>Message ids</b> in answers of SendMessage, SendMessageBatch and ReceiveMessage take YMQ's shape,
 *     {@code cddcbbe4-b0571f5c-d7b94ce4-1523191} ({@code D/message-queue/api-ref/message/SendMessage.md}),
 *     derived from ElasticMQ's id ({@link YmqMessageIds}).</li>
 * <li><b>FIFO receive</b>: at most one message per message group per ReceiveMessage
 *     ({@code D/message-queue/api-ref/message/ReceiveMessage.md}; {@link YmqReceive}).</li>
 * <li><b>What YMQ lacks</b>: StartMessageMoveTask, ListMessageMoveTasks, CancelMessageMoveTask and
 *     ListDeadLetterSourceQueues have no page in {@code D/message-queue/api-ref/} and get 400
 *     {@code InvalidAction} ({@code D/message-queue/api-ref/common-errors.md}); queue attributes
 *     DeduplicationScope, FifoThroughputLimit and RedriveAllowPolicy get 400 {@code InvalidAttributeName}
 *     in CreateQueue, SetQueueAttributes and GetQueueAttributes ({@code D/message-queue/api-ref/queue/});
 *     ReceiveMessage's {@code MessageSystemAttributeName.N} ({@code MessageSystemAttributeNames} in JSON)
 *     gets 400 {@code InvalidQueryParameter}, YMQ taking {@code AttributeName.N} only ({@link YmqRules}).</li>
 * <li><b>Size</b>: a message over 262,144 bytes, body and message attributes, gets 400
 *     {@code InvalidParameterValue}, a SendMessageBatch over it 400 {@code BatchRequestTooLong};
 *     MaximumMessageSize outside 1,024..262,144 gets 400 {@code InvalidParameterValue}
 *     ({@code D/_includes/message-queue/ymq-limits.md}, {@code D/message-queue/api-ref/queue/CreateQueue.md},
 *     {@code D/message-queue/api-ref/message/SendMessageBatch.md}).</li>
 * <li><b>Limits</b> ({@code D/_includes/message-queue/ymq-limits.md}): per queue and second 300 calls on a
 *     standard queue, 30 on a FIFO queue, of each of send, receive, delete and change visibility, else
 *     403 {@code ThrottlingException} ({@link YmqRateLimits}); 120,000 messages in flight per standard
 *     queue, 20,000 per FIFO queue, else ReceiveMessage gets 403 {@code OverLimit} ({@link YmqReceive}).</li>
 * </ol>
 * Errors are YMQ's {@code ErrorResponse} (Type, Code, Message, RequestId; {@code D/message-queue/api-ref/index.md}),
 * or in JSON {@code __type} and {@code x-amzn-query-error}. Queue URLs in answers point at the relay and the
 * relay's queue URLs are taken in requests, so a client never goes around it to ElasticMQ.
 */
public final class YmqRelay implements AutoCloseable {
    static {
        // Without it the JDK's server lets Nagle's algorithm hold each answer's body ~40 ms; read once, at its first use.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static YmqRelay shared;

    private final HttpServer server;
    private final ExecutorService threads;

    private final YmqExchange exchange;

    private YmqRelay(HttpServer server, ExecutorService threads, YmqExchange exchange) {
        this.server = server;
        this.threads = threads;
        this.exchange = exchange;
    }

    /** How many calls the relay has refused for their rate (ThrottlingException). */
    public long throttled() {
        return exchange.throttled();
    }

    public static YmqRelay start(ElasticMq target) {
        return start(target, Options.defaults());
    }

    public static YmqRelay start(ElasticMq target, Options options) {
        return start(target, options, 0);
    }

    /** A relay on {@code port} of 127.0.0.1, or a free port for 0. */
    public static YmqRelay start(ElasticMq target, Options options, int port) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("no port for the YMQ relay on 127.0.0.1", e);
        }
        AtomicInteger count = new AtomicInteger();
        // Long polls hold a thread each for up to 20 s: no fixed pool.
        ExecutorService threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "ymq-relay-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        String endpoint = "http://127.0.0.1:" + server.getAddress().getPort();
        YmqExchange exchange = new YmqExchange(options, new YmqForwarder(target.endpoint(), endpoint));
        server.createContext("/", exchange);
        server.setExecutor(threads);
        server.start();
        return new YmqRelay(server, threads, exchange);
    }

    /** One relay with default options over {@link ElasticMq#shared()}; {@link SharedElasticMq} stops it when the run ends. */
    public static synchronized YmqRelay shared() {
        if (shared == null) {
            shared = start(ElasticMq.shared());
        }
        return shared;
    }

    static synchronized void stopShared() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }

    /** The relay's endpoint, {@code http://127.0.0.1:<port>}. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** A store URL on this relay, Query protocol and paced as on YMQ's host, whose queues are named {@code <purpose><random>-<name>}. */
    public String storeUrl(String purpose) {
        String prefix = purpose.replaceAll("[^A-Za-z0-9_-]", "") + UUID.randomUUID().toString().substring(0, 8) + "-";
        return "wharf:sqs:" + endpoint() + "?region=ru-central1&accessKeyId=x&secretAccessKey=x&protocol=query&pace=ymq"
                + "&prefix=" + prefix;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    /**
     * What the relay enforces; {@link #defaults()} are YMQ's documented values. Rates are calls per
     * second per queue and per action family, in-flight limits messages per queue.
     */
    public record Options(boolean acceptJson, boolean rateLimits, int standardPerSecond, int fifoPerSecond,
                          boolean inFlightLimits, int standardInFlight, int fifoInFlight, InstantSource clock) {
        public Options {
            positive("standardPerSecond", standardPerSecond);
            positive("fifoPerSecond", fifoPerSecond);
            positive("standardInFlight", standardInFlight);
            positive("fifoInFlight", fifoInFlight);
            if (clock == null) {
                throw new IllegalArgumentException("the relay's clock is null");
            }
        }

        private static void positive(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " is " + value + ": it must be at least 1");
            }
        }

        public static Options defaults() {
            return new Options(false, true, 300, 30, true, 120_000, 20_000, InstantSource.system());
        }

        /** Lets JSON-protocol requests through, with the same rules. */
        public Options acceptJson(boolean accept) {
            return new Options(accept, rateLimits, standardPerSecond, fifoPerSecond, inFlightLimits, standardInFlight,
                    fifoInFlight, clock);
        }

        public Options rateLimits(boolean enforce) {
            return new Options(acceptJson, enforce, standardPerSecond, fifoPerSecond, inFlightLimits, standardInFlight,
                    fifoInFlight, clock);
        }

        public Options rates(int standardPerSecond, int fifoPerSecond) {
            return new Options(acceptJson, rateLimits, standardPerSecond, fifoPerSecond, inFlightLimits,
                    standardInFlight, fifoInFlight, clock);
        }

        /** Whether ReceiveMessage first asks ElasticMQ how many messages are in flight (one more request each). */
        public Options inFlightLimits(boolean enforce) {
            return new Options(acceptJson, rateLimits, standardPerSecond, fifoPerSecond, enforce, standardInFlight,
                    fifoInFlight, clock);
        }

        public Options inFlight(int standardInFlight, int fifoInFlight) {
            return new Options(acceptJson, rateLimits, standardPerSecond, fifoPerSecond, inFlightLimits,
                    standardInFlight, fifoInFlight, clock);
        }

        /** The clock that rate windows are counted on. */
        public Options clock(InstantSource clock) {
            return new Options(acceptJson, rateLimits, standardPerSecond, fifoPerSecond, inFlightLimits,
                    standardInFlight, fifoInFlight, clock);
        }
    }
}
