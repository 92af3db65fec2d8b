package org.wharfmq.tck;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * Starts the PostgreSQL server that the TCK's store URL names (port {@code tck.pg.port}) for the run,
 * and stops it after; a run without that property (the in-container runner's unit tests) starts none.
 */
public final class PostgresForTck implements LauncherSessionListener {
    private PostgresServer server;

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        Integer port = Integer.getInteger("tck.pg.port");
        if (port != null) {
            server = PostgresServer.start(port, false);
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (server != null) {
            server.stop();
        }
    }
}
