package org.wharfmq.tck;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** Starts the ElasticMQ that jndi.properties names (port {@code tck.elasticmq.port}) for the run, and stops it after. */
public final class ElasticMqForTck implements LauncherSessionListener {
    private ElasticMq server;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        server = ElasticMq.start(Integer.getInteger("tck.elasticmq.port"));
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (server != null) {
            server.close();
        }
    }
}
