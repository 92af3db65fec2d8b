package org.wharfmq.store.sqs.testing;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One client connection of {@link FaultRelay}: reads HTTP/1.1 requests one after the other (kept
 * alive), finds each one's SQS action, and answers it as the relay's scripts say: relayed, with an
 * error, reset or stalled.
 */
final class FaultExchange implements Runnable {
    /** Headers the JDK's client sets itself or refuses, and hop-by-hop ones. */
    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection", "expect",
            "upgrade", "transfer-encoding", "keep-alive", "date", "via", "warning", "from", "te", "trailer");
    private static final String JSON_TYPE = "application/x-amz-json-1.0";

    private record Request(String method, String path, Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        boolean json() {
            String type = header("content-type");
            return header("x-amz-target") != null || (type != null && type.toLowerCase(Locale.ROOT).contains("json"));
        }

        /** The SQS action: after {@code AmazonSQS.} in {@code X-Amz-Target}, else the form's or the query's {@code Action}. */
        String action() {
            String target = header("x-amz-target");
            if (target != null) {
                return target.substring(target.indexOf('.') + 1);
            }
            int q = path.indexOf('?');
            String form = new String(body, UTF_8) + (q < 0 ? "" : "&" + path.substring(q + 1));
            for (String pair : form.split("&")) {
                if (pair.startsWith("Action=")) {
                    return URLDecoder.decode(pair.substring("Action=".length()), UTF_8);
                }
            }
            return "";
        }
    }

    private record Answer(int status, Map<String, List<String>> headers, byte[] body) {
    }

    private final FaultRelay relay;
    private final Socket socket;

    FaultExchange(FaultRelay relay, Socket socket) {
        this.relay = relay;
        this.socket = socket;
    }

    @Override
    public void run() {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (true) {
                Request r = read(in, out);
                if (r == null || !serve(r, out)) {
                    return;
                }
            }
        } catch (IOException e) {
            // The client went away.
        }
    }

    /** Answers one request; false if the connection is done with. */
    private boolean serve(Request r, OutputStream out) throws IOException {
        String action = r.action();
        FaultScript script = relay.pick(action);
        if (script == null) {
            Answer a = forward(r);
            if (a == null) {
                reset();
                return false;
            }
            write(out, a);
            return !"close".equalsIgnoreCase(r.header("connection"));
        }
        switch (script.fault()) {
            case THROTTLE -> write(out, error(r, 400, relay.throttlingCode(), true,
                    "Rate of requests exceeded the allowed rate for " + action + "."));
            case ERROR_500 -> write(out, error(r, 500, "InternalFailure", false,
                    "The request processing has failed because of an unknown error."));
            case UNAVAILABLE_503 -> write(out, error(r, 503, "ServiceUnavailable", false,
                    "The request has failed due to a temporary failure of the server."));
            case RESET_BEFORE -> {
                reset();
                return false;
            }
            case RESET_AFTER -> {
                forward(r);
                reset();
                return false;
            }
            case STALL -> {
                relay.hold(script.stall());
                try {
                    Answer a = forward(r);
                    if (a != null) {
                        write(out, a);
                    }
                } finally {
                    relay.released();
                }
                return false;
            }
        }
        return true;
    }

    /** The next request, or null at the end of the stream before one starts. */
    private static Request read(InputStream in, OutputStream out) throws IOException {
        String requestLine = line(in, true);
        if (requestLine == null) {
            return null;
        }
        String[] parts = requestLine.split(" ");
        if (parts.length < 3) {
            throw new IOException("not an HTTP request line: " + requestLine);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(in, false); !h.isEmpty(); h = line(in, false)) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
        }
        if ("100-continue".equalsIgnoreCase(headers.get("expect"))) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(ISO_8859_1));
            out.flush();
        }
        byte[] body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = chunked(in);
        } else {
            String length = headers.get("content-length");
            body = in.readNBytes(length == null ? 0 : Integer.parseInt(length));
        }
        return new Request(parts[0], parts[1], headers, body);
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line(in, false);
            int semicolon = size.indexOf(';');
            int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (n == 0) {
                while (!line(in, false).isEmpty()) {
                    // Trailers: none that matter here.
                }
                return body.toByteArray();
            }
            body.write(in.readNBytes(n));
            line(in, false);
        }
    }

    /** A CRLF-ended line; null at the end of the stream if {@code endAllowed} and nothing was read. */
    private static String line(InputStream in, boolean endAllowed) throws IOException {
        StringBuilder s = new StringBuilder();
        while (true) {
            int c = in.read();
            if (c < 0) {
                if (endAllowed && s.length() == 0) {
                    return null;
                }
                throw new EOFException("the connection ended in a request");
            }
            if (c == '\n') {
                int end = s.length();
                return end > 0 && s.charAt(end - 1) == '\r' ? s.substring(0, end - 1) : s.toString();
            }
            s.append((char) c);
        }
    }

    /** The server's answer to {@code r}, its endpoint in queue URLs made the relay's; null if the server is down. */
    private Answer forward(Request r) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(relay.target() + r.path()))
                .method(r.method(), HttpRequest.BodyPublishers.ofByteArray(r.body()));
        r.headers().forEach((name, value) -> {
            if (!NOT_FORWARDED.contains(name)) {
                request.header(name, value);
            }
        });
        HttpResponse<byte[]> response;
        try {
            response = relay.http().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            relay.turnedAwayOne();
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        response.headers().map().forEach((name, values) -> {
            if (!NOT_FORWARDED.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                headers.put(name, values);
            }
        });
        String body = new String(response.body(), ISO_8859_1).replace(relay.target(), relay.endpoint());
        return new Answer(response.statusCode(), headers, body.getBytes(ISO_8859_1));
    }

    /** An SQS error in the request's protocol, as the JSON and Query protocols give one. */
    private static Answer error(Request r, int status, String code, boolean sender, String message) {
        String type = sender ? "Sender" : "Receiver";
        String requestId = UUID.randomUUID().toString();
        if (r.json()) {
            String json = "{\"__type\":\"com.amazonaws.sqs#" + code + "\",\"message\":\"" + message + "\"}";
            return new Answer(status, Map.of("Content-Type", List.of(JSON_TYPE), "x-amzn-query-error",
                    List.of(code + ";" + type), "x-amzn-RequestId", List.of(requestId)), json.getBytes(UTF_8));
        }
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ErrorResponse><Error><Type>" + type + "</Type><Code>"
                + code + "</Code><Message>" + message + "</Message></Error><RequestId>" + requestId
                + "</RequestId></ErrorResponse>";
        return new Answer(status, Map.of("Content-Type", List.of("text/xml")), xml.getBytes(UTF_8));
    }

    private static void write(OutputStream out, Answer a) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(a.status()).append(' ')
                .append(reason(a.status())).append("\r\n");
        a.headers().forEach((name, values) -> values.forEach(v -> head.append(name).append(": ").append(v)
                .append("\r\n")));
        head.append("Content-Length: ").append(a.body().length).append("\r\n\r\n");
        out.write(head.toString().getBytes(ISO_8859_1));
        out.write(a.body());
        out.flush();
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }

    /** Resets the connection (TCP RST), as a server that went away mid-exchange. */
    private void reset() {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException e) {
            // Gone already.
        }
    }
}
