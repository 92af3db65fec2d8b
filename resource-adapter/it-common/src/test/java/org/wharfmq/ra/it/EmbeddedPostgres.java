package org.wharfmq.ra.it;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * A PostgreSQL server for one test class, as {@link EmbeddedSqs} is an ElasticMQ: {@link #start}
 * starts it while Arquillian builds the class's deployments, and this extension stops it after
 * they are undeployed. The test class runs in the server too, where it is never started: so no
 * signature here names {@link PostgresServer}.
 */
public final class EmbeddedPostgres implements AfterAllCallback {
    private static AutoCloseable server;

    /** Starts a server on a free port of 127.0.0.1; returns a store URL on a schema of its own. */
    static synchronized String start(String purpose) {
        if (server != null) {
            throw new IllegalStateException("PostgreSQL is already running for this test class");
        }
        PostgresServer pg = PostgresServer.start(false);
        server = pg;
        return pg.storeUrl(purpose);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        synchronized (EmbeddedPostgres.class) {
            if (server != null) {
                AutoCloseable s = server;
                server = null;
                s.close();
            }
        }
    }
}
