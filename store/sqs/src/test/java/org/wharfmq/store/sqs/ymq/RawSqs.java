package org.wharfmq.store.sqs.ymq;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Unsigned SQS requests over plain HTTP, Query or JSON protocol, and their answers read as text. */
final class RawSqs {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String endpoint;

    RawSqs(String endpoint) {
        this.endpoint = endpoint;
    }

    record Answer(int status, String body) {
        /** The text of every element {@code <name>} of an XML answer, or of every JSON string field {@code "name"}. */
        List<String> all(String name) {
            Pattern p = body.startsWith("{") || body.startsWith("[")
                    ? Pattern.compile("\"" + name + "\":\"([^\"]*)\"")
                    : Pattern.compile("<" + name + ">\\s*([^<]*?)\\s*</" + name + ">");
            List<String> out = new ArrayList<>();
            Matcher m = p.matcher(body);
            while (m.find()) {
                out.add(m.group(1));
            }
            return out;
        }

        String first(String name) {
            List<String> all = all(name);
            if (all.isEmpty()) {
                throw new AssertionError("no " + name + " in " + status + " " + body);
            }
            return all.get(0);
        }
    }

    /** A Query request to the endpoint's root; {@code params} alternate name and value. */
    Answer query(String action, String... params) {
        return queryAt("/", action, params);
    }

    Answer queryAt(String path, String action, String... params) {
        StringBuilder form = new StringBuilder("Action=" + action + "&Version=2012-11-05");
        for (int i = 0; i < params.length; i += 2) {
            form.append('&').append(URLEncoder.encode(params[i], UTF_8)).append('=')
                    .append(URLEncoder.encode(params[i + 1], UTF_8));
        }
        return send(HttpRequest.newBuilder(URI.create(endpoint + path))
                .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(form.toString())));
    }

    /** An AWS JSON 1.0 request. */
    Answer json(String action, String body) {
        return send(HttpRequest.newBuilder(URI.create(endpoint + "/"))
                .header("Content-Type", "application/x-amz-json-1.0").header("X-Amz-Target", "AmazonSQS." + action)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
