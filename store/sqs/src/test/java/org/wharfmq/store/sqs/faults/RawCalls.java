package org.wharfmq.store.sqs.faults;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Unsigned SQS requests to one endpoint, JSON or Query protocol, each on a new connection; answers as text. */
final class RawCalls {
    private final String endpoint;

    RawCalls(String endpoint) {
        this.endpoint = endpoint;
    }

    record Answer(int status, String body) {
        /** Every JSON string field, or XML element, {@code name}. */
        List<String> all(String name) {
            Pattern p = body.startsWith("{")
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

    /** A JSON-protocol request; throws what the connection throws (a reset, a timeout). */
    Answer json(String action, String body) throws IOException, InterruptedException {
        return json(action, body, Duration.ofSeconds(30));
    }

    Answer json(String action, String body, Duration timeout) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(endpoint + "/")).timeout(timeout)
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "AmazonSQS." + action)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    /** A Query-protocol request; {@code params} alternate name and value. */
    Answer query(String action, String... params) throws IOException, InterruptedException {
        StringBuilder form = new StringBuilder("Action=" + action + "&Version=2012-11-05");
        for (int i = 0; i < params.length; i += 2) {
            form.append('&').append(URLEncoder.encode(params[i], UTF_8)).append('=')
                    .append(URLEncoder.encode(params[i + 1], UTF_8));
        }
        return send(HttpRequest.newBuilder(URI.create(endpoint + "/"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form.toString())).build());
    }

    private static Answer send(HttpRequest request) throws IOException, InterruptedException {
        // A client per request: no pooled connection carries one test's reset into the next request.
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body());
    }

    /** A queue of {@code name}; its URL. */
    String createQueue(String name) throws IOException, InterruptedException {
        return json("CreateQueue", "{\"QueueName\":\"" + name + "\"}").first("QueueUrl");
    }

    Answer send(String queueUrl, String body) throws IOException, InterruptedException {
        return json("SendMessage", "{\"QueueUrl\":\"" + queueUrl + "\",\"MessageBody\":\"" + body + "\"}");
    }

    /** The bodies of what one receive of up to 10 messages, hiding them for 30 s, brings. */
    List<String> receive(String queueUrl) throws IOException, InterruptedException {
        return receiveAnswer(queueUrl).all("Body");
    }

    Answer receiveAnswer(String queueUrl) throws IOException, InterruptedException {
        return json("ReceiveMessage", "{\"QueueUrl\":\"" + queueUrl
                + "\",\"MaxNumberOfMessages\":10,\"VisibilityTimeout\":30}");
    }
}
