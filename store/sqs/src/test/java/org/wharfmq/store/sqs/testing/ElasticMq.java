package org.wharfmq.store.sqs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.UUID;
import org.elasticmq.NodeAddress;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;

/**
 * An embedded ElasticMQ on 127.0.0.1, on a free port, for tests: start it, hand out store URLs,
 * close it. Each {@link #storeUrl} has its own queue-name prefix, so tests sharing one server do
 * not see each other's queues.
 */
public final class ElasticMq implements AutoCloseable {
    private final SQSRestServer server;
    private final int port;

    private ElasticMq(SQSRestServer server, int port) {
        this.server = server;
        this.port = port;
    }

    private static ElasticMq shared;

    /** One server for a whole test run, started on first use; {@link SharedElasticMq} stops it when the run ends. */
    public static synchronized ElasticMq shared() {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    static synchronized void stopShared() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }

    public static ElasticMq start() {
        return start(freePort());
    }

    /** A server on {@code port} of 127.0.0.1. */
    public static ElasticMq start(int port) {
        SQSRestServer server = SQSRestServerBuilder.withInterface("127.0.0.1").withPort(port)
                .withServerAddress(new NodeAddress("http", "127.0.0.1", port, ""))
                .withAWSRegion("elasticmq").start();
        server.waitUntilStarted();
        return new ElasticMq(server, port);
    }

    /** The server's endpoint, {@code http://127.0.0.1:<port>}. */
    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * A store URL on this server whose queues are named {@code <purpose>-<random>-<name>}, on the wire
     * protocol the run names in {@code wharf.test.protocol} ({@code json}, the default, or {@code query}).
     */
    public String storeUrl(String purpose) {
        String prefix = purpose.replaceAll("[^A-Za-z0-9_-]", "") + UUID.randomUUID().toString().substring(0, 8) + "-";
        return "wharf:sqs:" + endpoint() + "?region=elasticmq&accessKeyId=x&secretAccessKey=x&protocol="
                + PROTOCOL + "&prefix=" + prefix;
    }

    /** The wire protocol of this run's store URLs. */
    public static final String PROTOCOL = System.getProperty("wharf.test.protocol", "json");

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stopAndWait();
    }
}
