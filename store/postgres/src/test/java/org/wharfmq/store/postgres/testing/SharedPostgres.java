package org.wharfmq.store.postgres.testing;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the run's shared PostgreSQL server ({@link PostgresServer#shared()}) when the JUnit run ends. */
public final class SharedPostgres implements LauncherSessionListener {
    @Override
    public void launcherSessionClosed(LauncherSession session) {
        PostgresServer.stopShared();
    }
}
