package org.wharfmq.ra.it.wildfly;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.wharfmq.store.sqs.testing.ElasticMq;

/**
 * An ElasticMQ for one test class. {@link #start} starts it while Arquillian builds the class's
 * deployments; registered as an extension before {@code ArquillianExtension}, whose afterAll
 * undeploys, this stops it after the undeployment. The test class runs in WildFly too, where
 * ElasticMQ is absent and never started: so no signature here names {@link ElasticMq}.
 */
public final class EmbeddedSqs implements AfterAllCallback {
    private static AutoCloseable server;

    /** Starts ElasticMQ on a free port of 127.0.0.1; returns a store URL on it with a queue prefix of its own. */
    static synchronized String start(String purpose) {
        if (server != null) {
            throw new IllegalStateException("ElasticMQ is already running for this test class");
        }
        ElasticMq mq = ElasticMq.start();
        server = mq;
        return mq.storeUrl(purpose);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        synchronized (EmbeddedSqs.class) {
            if (server != null) {
                AutoCloseable s = server;
                server = null;
                s.close();
            }
        }
    }
}
