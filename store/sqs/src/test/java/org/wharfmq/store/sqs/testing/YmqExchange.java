package org.wharfmq.store.sqs.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One HTTP exchange of {@link YmqRelay}: reads the request in its wire protocol, applies the rules in
 * order (protocol, rate, what YMQ lacks, size, receive), forwards what passes to ElasticMQ and
 * rewrites the answer (queue URLs, message ids).
 */
final class YmqExchange implements HttpHandler {
    private static final Set<String> ANSWERS_WITH_IDS = Set.of("SendMessage", "SendMessageBatch", "ReceiveMessage");
    private static final Set<String> ANSWERS_WITH_URLS = Set.of("CreateQueue", "GetQueueUrl", "ListQueues",
            "ListDeadLetterSourceQueues");

    private final YmqRelay.Options options;
    private final YmqForwarder forwarder;
    private final YmqRateLimits rates;
    private final YmqReceive receive;

    /** The calls refused for their rate so far. */
    long throttled() {
        return rates.refused();
    }

    YmqExchange(YmqRelay.Options options, YmqForwarder forwarder) {
        this.options = options;
        this.forwarder = forwarder;
        this.rates = new YmqRateLimits(options.clock(), options.standardPerSecond(), options.fifoPerSecond());
        this.receive = new YmqReceive(forwarder, options);
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            YmqReply reply;
            try {
                reply = reply(exchange, body);
            } catch (RuntimeException e) {
                reply = YmqReply.of(500, "text/plain; charset=UTF-8", ("relay failed: " + e).getBytes(UTF_8));
            }
            Headers out = exchange.getResponseHeaders();
            reply.headers().forEach(out::put);
            exchange.sendResponseHeaders(reply.status(), reply.body().length == 0 ? -1 : reply.body().length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(reply.body());
            }
        }
    }

    private YmqReply reply(HttpExchange exchange, byte[] body) {
        Headers headers = exchange.getRequestHeaders();
        String path = exchange.getRequestURI().getRawPath();
        String target = headers.getFirst("X-Amz-Target");
        String type = headers.getFirst("Content-Type");
        boolean json = target != null || (type != null && type.toLowerCase().contains("json"));
        if (json && !options.acceptJson()) {
            return refuseJson();
        }
        YmqCall call = json ? YmqJsonCall.parse(target, path, body) : YmqQueryCall.parse(path, body);
        return relay(call, headers);
    }

    /**
     * Rule 1: YMQ's quickstart warned that "there is no support for the new AWS CLI versions with
     * JSON protocol" (the note of https://github.com/yandex-cloud/docs/pull/815, since taken out of
     * {@code en/message-queue/quickstart.md}); the API reference knows only form-encoded requests
     * (api-ref/index.md). The one reported answer to a JSON request is HTTP 502 Bad Gateway (that
     * pull request's description); YMQ documents no error for it.
     */
    private static YmqReply refuseJson() {
        return YmqReply.of(502, "text/plain; charset=UTF-8", "Bad Gateway".getBytes(UTF_8));
    }

    private YmqReply relay(YmqCall call, Map<String, List<String>> headers) {
        String queueUrl = call.queueUrl() != null ? forwarder.toTarget(call.queueUrl()) : queueOfPath(call.path());
        if (call.queueUrl() != null) {
            call.queueUrl(queueUrl);
        }
        String family = YmqRateLimits.family(call.action());
        if (options.rateLimits() && family != null && queueUrl != null
                && !rates.admit(queueName(queueUrl), family)) {
            // ThrottlingException, HTTP 403, in common-errors.md; the AWS SDKs retry it as throttling.
            return call.error(403, "ThrottlingException", "Rate of " + call.action() + " calls on queue "
                    + queueName(queueUrl) + " exceeded its quota per second.");
        }
        YmqReply refusal = YmqRules.refusal(call);
        if (refusal != null) {
            return refusal;
        }
        YmqAnswer answer = call.action().equals("ReceiveMessage") && queueUrl != null
                ? receive.receive(call, headers, queueUrl)
                : forwarder.forward(call, headers);
        if (answer.ok() && ANSWERS_WITH_URLS.contains(call.action())) {
            answer.mapQueueUrls(forwarder::toRelay);
        }
        if (answer.ok() && ANSWERS_WITH_IDS.contains(call.action())) {
            answer.mapMessageIds(YmqMessageIds::of);
        }
        return answer.reply();
    }

    /** A Query request may name its queue by the path, {@code /<account>/<queue>}, instead of QueueUrl. */
    private String queueOfPath(String path) {
        return path.length() > 1 && path.indexOf('/', 1) > 0 ? forwarder.target() + path : null;
    }

    private static String queueName(String queueUrl) {
        return queueUrl.substring(queueUrl.lastIndexOf('/') + 1);
    }
}
