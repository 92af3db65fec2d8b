package org.wharfmq.tck;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.wharfmq.store.postgres.testing.PostgresServer;

/** Starts the PostgreSQL server that jndi.properties names (port {@code tck.pg.port}) for the run, and stops it after. */
public final class PostgresForTck implements LauncherSessionListener {
    private PostgresServer server;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        server = PostgresServer.start(Integer.getInteger("tck.pg.port"), false);
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (server != null) {
            server.stop();
        }
    }
}
