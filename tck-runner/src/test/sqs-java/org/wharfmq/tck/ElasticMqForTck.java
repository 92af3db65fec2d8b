package org.wharfmq.tck;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.YmqRelay;

/**
 * Starts the server that jndi.properties names (port {@code tck.elasticmq.port}) for the run, and
 * stops it after: ElasticMQ, or with {@code tck.sqs.server=ymq} the YMQ-shaped relay on that port in
 * front of an ElasticMQ on a free port.
 */
public final class ElasticMqForTck implements LauncherSessionListener {
    private ElasticMq server;
    private YmqRelay relay;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        int port = Integer.getInteger("tck.elasticmq.port");
        String kind = System.getProperty("tck.sqs.server", "elasticmq");
        switch (kind) {
            case "elasticmq" -> server = ElasticMq.start(port);
            case "ymq" -> {
                server = ElasticMq.start();
                relay = YmqRelay.start(server, YmqRelay.Options.defaults(), port);
            }
            default -> throw new IllegalArgumentException("tck.sqs.server is '" + kind + "': it must be elasticmq or ymq");
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (relay != null) {
            relay.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
