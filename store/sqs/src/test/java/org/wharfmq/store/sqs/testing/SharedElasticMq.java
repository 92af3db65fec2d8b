package org.wharfmq.store.sqs.testing;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Stops the run's shared YMQ relay ({@link YmqRelay#shared()}) and then the shared ElasticMQ
 * ({@link ElasticMq#shared()}) when the JUnit run ends.
 */
public final class SharedElasticMq implements LauncherSessionListener {
    @Override
    public void launcherSessionClosed(LauncherSession session) {
        YmqRelay.stopShared();
        ElasticMq.stopShared();
    }
}
