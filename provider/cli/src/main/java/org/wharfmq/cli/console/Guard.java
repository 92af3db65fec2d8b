package org.wharfmq.cli.console;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import com.sun.net.httpserver.Headers;

/**
 * Which requests the console answers. Every request: a Host header naming the console's own
 * address (a page of another site whose name was re-pointed to 127.0.0.1, DNS rebinding, is
 * refused) and, with a user, HTTP Basic credentials. A change (POST): the console's custom
 * header, a JSON body and an Origin header equal to the console's own origin, so that no page of
 * another site can make one (the custom header and content type need a CORS preflight, which the
 * console never grants).
 */
public final class Guard {
    /** The header the console's page sends with every change. */
    static final String CHANGE_HEADER = "X-Wharf-Console";
    static final String REALM = "wharf console";

    /** A refusal: the HTTP status, the text shown, and the WWW-Authenticate challenge for a 401 ("" otherwise). */
    record Refusal(int status, String message, String challenge) {
    }

    private final byte[] credentials;
    private volatile int port = -1;

    /** With {@code user} null, no credentials are asked; else {@code user} and {@code password} (not kept as a String). */
    public Guard(String user, char[] password) {
        if (user == null) {
            this.credentials = null;
            return;
        }
        if (user.isEmpty() || user.indexOf(':') >= 0) {
            throw new IllegalArgumentException("Bad console user '" + user + "': it must be non-empty, without ':'");
        }
        if (password == null || password.length == 0) {
            throw new IllegalArgumentException("The console user " + user + " has an empty password");
        }
        CharBuffer both = CharBuffer.allocate(user.length() + 1 + password.length);
        both.put(user).put(':').put(password).flip();
        ByteBuffer bytes = StandardCharsets.UTF_8.encode(both);
        this.credentials = new byte[bytes.remaining()];
        bytes.get(credentials);
        Arrays.fill(both.array(), '\0');
        Arrays.fill(bytes.array(), (byte) 0);
    }

    /** The port the console listens on, once bound. */
    void port(int port) {
        this.port = port;
    }

    /** Why the request {@code method} with {@code headers} is refused, or empty if it is answered. */
    Optional<Refusal> check(String method, Headers headers) {
        String host = headers.getFirst("Host");
        if (host == null || !isOwn(host.toLowerCase(Locale.ROOT))) {
            return refuse(403, "Refused: this console answers only requests to http://127.0.0.1:" + port + "/");
        }
        if (credentials != null && !authenticated(headers.getFirst("Authorization"))) {
            return Optional.of(new Refusal(401, "The console needs its user and password",
                    "Basic realm=\"" + REALM + "\", charset=\"UTF-8\""));
        }
        if (method.equals("GET")) {
            return Optional.empty();
        }
        if (!method.equals("POST")) {
            return refuse(405, "Refused: method " + method + " (the console answers GET and POST)");
        }
        if (!"1".equals(headers.getFirst(CHANGE_HEADER))) {
            return refuse(403, "Refused: a change needs the console's " + CHANGE_HEADER + " header");
        }
        String origin = headers.getFirst("Origin");
        if (origin == null || !origin.equalsIgnoreCase("http://" + host)) {
            return refuse(403, "Refused: a change must come from the console's own page (origin http://" + host + ")");
        }
        String site = headers.getFirst("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin")) {
            return refuse(403, "Refused: a change must come from the console's own page (Sec-Fetch-Site " + site + ")");
        }
        String type = headers.getFirst("Content-Type");
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            return refuse(415, "Refused: a change has a JSON body (Content-Type application/json)");
        }
        return Optional.empty();
    }

    private boolean isOwn(String host) {
        return host.equals("127.0.0.1:" + port) || host.equals("localhost:" + port);
    }

    private boolean authenticated(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        byte[] given;
        try {
            given = Base64.getDecoder().decode(authorization.substring(6).trim());
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
        return MessageDigest.isEqual(given, credentials);
    }

    private static Optional<Refusal> refuse(int status, String message) {
        return Optional.of(new Refusal(status, message, ""));
    }
}
