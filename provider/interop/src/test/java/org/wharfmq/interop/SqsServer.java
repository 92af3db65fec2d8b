package org.wharfmq.interop;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** An SQS server of the tests on 127.0.0.1 and a free port: an embedded ElasticMQ, or moto_server (SQS and S3). */
abstract class SqsServer implements AutoCloseable {
    /** The region every client of the tests names; moto keeps queues per region. */
    static final String REGION = "us-east-1";

    abstract String endpoint();

    /** True if the server has S3 too. */
    abstract boolean hasS3();

    /** A store URL of Wharf on this server, on {@code protocol} (json or query), with {@code options} appended. */
    String storeUrl(String protocol, String options) {
        return "wharf:sqs:" + endpoint() + "?region=" + REGION + "&accessKeyId=x&secretAccessKey=x&protocol=" + protocol
                + options;
    }

    /** A queue name no other test uses. */
    static String queueName(String purpose) {
        return purpose + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Override
    public abstract void close();

    static SqsServer elasticMq() {
        ElasticMq server = ElasticMq.start();
        return new SqsServer() {
            @Override
            String endpoint() {
                return server.endpoint();
            }

            @Override
            boolean hasS3() {
                return false;
            }

            @Override
            public void close() {
                server.close();
            }

            @Override
            public String toString() {
                return "ElasticMQ";
            }
        };
    }

    /** moto_server (the command named by {@code wharf.interop.moto}), started and waited for until it answers. */
    static SqsServer moto() {
        int port = freePort();
        String command = System.getProperty("wharf.interop.moto", "moto_server");
        Process process;
        try {
            process = new ProcessBuilder(command, "-H", "127.0.0.1", "-p", Integer.toString(port))
                    .redirectErrorStream(true).redirectOutput(new File("target/moto-" + port + ".log")).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + command + " (moto 5, pip's moto[server]): " + e.getMessage(), e);
        }
        String endpoint = "http://127.0.0.1:" + port;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (!answers(endpoint)) {
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                process.destroyForcibly();
                throw new IllegalStateException(command + " on port " + port + " did not answer; see target/moto-"
                        + port + ".log");
            }
            try {
                process.waitFor(Duration.ofMillis(100).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while " + command + " started", e);
            }
        }
        return new SqsServer() {
            @Override
            String endpoint() {
                return endpoint;
            }

            @Override
            boolean hasS3() {
                return true;
            }

            @Override
            public void close() {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
                try {
                    if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                        process.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public String toString() {
                return "moto_server";
            }
        };
    }

    private static boolean answers(String endpoint) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(endpoint + "/moto-api/").toURL().openConnection();
            c.setConnectTimeout(500);
            c.setReadTimeout(2000);
            try {
                return c.getResponseCode() == 200;
            } finally {
                c.disconnect();
            }
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
