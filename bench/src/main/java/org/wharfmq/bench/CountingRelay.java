package org.wharfmq.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * A TCP relay on 127.0.0.1 in front of an SQS server that counts the HTTP requests passing through
 * it by action (the {@code X-Amz-Target} header of the SQS JSON protocol, a Query body's {@code Action}). S8 gives each client it
 * measures a relay of its own, so both systems' requests are counted in the same way and none is
 * counted for another client. Clients keep connections alive, so a request is found by reading its
 * head and skipping its {@code Content-Length} body. Closing the relay cuts every connection.
 */
final class CountingRelay implements AutoCloseable {
    private final ServerSocket server;
    private final int targetPort;
    private final Map<String, LongAdder> byAction = new ConcurrentHashMap<>();
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

    CountingRelay(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon("s8-relay-accept", this::accept);
    }

    /** The relay's endpoint, {@code http://127.0.0.1:<port>}. */
    String endpoint() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** The requests counted so far, by action. */
    Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        byAction.forEach((action, n) -> out.put(action, n.sum()));
        return out;
    }

    private void accept() {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return;
            }
            try {
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(upstream);
                RequestParser parser = new RequestParser(
                        action -> byAction.computeIfAbsent(action, a -> new LongAdder()).increment());
                daemon("s8-relay-up", () -> pump(client, upstream, parser));
                daemon("s8-relay-down", () -> pump(upstream, client, null));
            } catch (IOException e) {
                close(client);
            }
        }
    }

    /** Copies {@code from} to {@code to} until either side ends, then closes both. */
    private void pump(Socket from, Socket to, RequestParser parser) {
        byte[] buf = new byte[64 * 1024];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buf)) > 0; ) {
                if (parser != null) {
                    parser.feed(buf, 0, n);
                }
                out.write(buf, 0, n);
            }
        } catch (IOException e) {
            // The other direction closed the sockets, or a peer went away.
        } finally {
            close(from);
            close(to);
        }
    }

    private void close(Socket s) {
        sockets.remove(s);
        try {
            s.close();
        } catch (IOException e) {
            // Closing anyway.
        }
    }

    private static void daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(this::close);
    }

    /**
     * Splits a client's byte stream into HTTP/1.1 requests and reports the action of each: the part
     * of {@code X-Amz-Target} after the dot (JSON protocol), the body's leading {@code Action=}
     * parameter (Query protocol), or {@code other}.
     */
    static final class RequestParser {
        private static final int BLANK_LINE = 0x0D0A0D0A;
        private final Consumer<String> onRequest;
        private final StringBuilder head = new StringBuilder();
        private int last4;
        private long bodyLeft;
        /** The start of a Query protocol body while its {@code Action=} is read, else null. */
        private StringBuilder queryAction;
        private static final int MAX_ACTION = 64;

        RequestParser(Consumer<String> onRequest) {
            this.onRequest = onRequest;
        }

        void feed(byte[] b, int off, int len) {
            int end = off + len;
            for (int i = off; i < end; ) {
                if (bodyLeft > 0 && queryAction != null) {
                    int c = b[i++] & 0xff;
                    bodyLeft--;
                    if (c != '&') {
                        queryAction.append((char) c);
                    }
                    if (c == '&' || bodyLeft == 0 || queryAction.length() > MAX_ACTION) {
                        String form = queryAction.toString();
                        queryAction = null;
                        onRequest.accept(form.startsWith("Action=") ? form.substring("Action=".length()) : "other");
                    }
                    continue;
                }
                if (bodyLeft > 0) {
                    int n = (int) Math.min(bodyLeft, end - i);
                    bodyLeft -= n;
                    i += n;
                    continue;
                }
                int c = b[i++] & 0xff;
                head.append((char) c);
                last4 = (last4 << 8) | c;
                if (last4 == BLANK_LINE) {
                    requestHead(head.toString());
                    head.setLength(0);
                    last4 = 0;
                }
            }
        }

        private void requestHead(String text) {
            String action = "other";
            long length = 0;
            for (String line : text.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).trim();
                switch (name) {
                    case "x-amz-target" -> action = value.substring(value.lastIndexOf('.') + 1);
                    case "content-length" -> length = Long.parseLong(value);
                    case "transfer-encoding" -> throw new IllegalStateException(
                            "the relay cannot count requests with Transfer-Encoding '" + value + "'");
                    default -> { }
                }
            }
            bodyLeft = length;
            if (action.equals("other") && length > 0) {
                queryAction = new StringBuilder();
            } else {
                onRequest.accept(action);
            }
        }
    }
}
