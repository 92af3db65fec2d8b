package org.wharfmq.ra.it;

import java.nio.file.Path;

/** One application server of a cluster test, started and killed by the test JVM. */
public interface ClusterNode extends AutoCloseable {
    String name();

    /** Starts the server, with what was deployed before, and waits until it runs. */
    void start() throws Exception;

    /** Deploys {@code archives}, in order, on the running server and waits until they are deployed. */
    void deploy(Path... archives) throws Exception;

    /** The server's process id, while it runs. */
    long pid();

    /** Kills the server with SIGKILL and waits for its process to end. */
    void kill() throws Exception;

    /** Fails, naming {@code node} and the port, unless every one of {@code ports} is free on 127.0.0.1. */
    static void requireFree(String node, int... ports) {
        for (int port : ports) {
            try (java.net.ServerSocket s = new java.net.ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
                s.getLocalPort();
            } catch (java.io.IOException e) {
                throw new IllegalStateException(node + ": port " + port + " is taken", e);
            }
        }
    }

    /** Stops the server if it runs. */
    @Override
    void close() throws Exception;
}
