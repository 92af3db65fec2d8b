package org.wharfmq.store.sqs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Sends calls on to ElasticMQ and maps queue URLs between it and the relay, so that a client only
 * ever sees, and sends, queue URLs of the relay.
 */
final class YmqForwarder {
    /** Headers the JDK's client sets itself, and hop-by-hop ones. */
    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection", "expect",
            "upgrade", "transfer-encoding", "keep-alive", "date");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String target;
    private final String relay;

    YmqForwarder(String targetEndpoint, String relayEndpoint) {
        this.target = targetEndpoint;
        this.relay = relayEndpoint;
    }

    String target() {
        return target;
    }

    /** A relay queue URL as ElasticMQ's; any other URL unchanged. */
    String toTarget(String url) {
        return url != null && url.startsWith(relay + "/") ? target + url.substring(relay.length()) : url;
    }

    /** An ElasticMQ queue URL as the relay's; any other URL unchanged. */
    String toRelay(String url) {
        return url != null && url.startsWith(target + "/") ? relay + url.substring(target.length()) : url;
    }

    /** Forwards the call with the client's headers; interrupts become unchecked, as the exchange cannot go on. */
    YmqAnswer forward(YmqCall call, Map<String, List<String>> clientHeaders) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target + call.path()))
                .POST(HttpRequest.BodyPublishers.ofByteArray(call.encode()));
        boolean typed = false;
        for (Map.Entry<String, List<String>> header : clientHeaders.entrySet()) {
            String name = header.getKey().toLowerCase();
            if (!NOT_FORWARDED.contains(name)) {
                header.getValue().forEach(v -> request.header(header.getKey(), v));
                typed |= name.equals("content-type");
            }
        }
        if (!typed) {
            request.header("Content-Type", call.contentType());
        }
        try {
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, List<String>> headers = new LinkedHashMap<>();
            response.headers().map().forEach((name, values) -> {
                if (!NOT_FORWARDED.contains(name.toLowerCase()) && !name.startsWith(":")) {
                    headers.put(name, values);
                }
            });
            return call.answer(response.statusCode(), headers, response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("ElasticMQ at " + target + " did not answer " + call.action(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted forwarding " + call.action(), e);
        }
    }
}
