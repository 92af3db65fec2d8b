package org.wharfmq.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The quickstart runs to its end and closes its store, leaving no Wharf or Derby database thread
 * and no non-daemon thread behind, so its JVM may exit at once. (Derby's engine keeps a daemon
 * timer until the engine stops, which Wharf leaves to the JVM: the engine may be the application's too.)
 */
class QuickstartTest {
    @Test
    void theQuickstartLeavesNoStoreThreadAndNoNonDaemonThreadRunning() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        Quickstart.main(new String[0]);
        List<String> left = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && t.isAlive())
                .filter(t -> !t.isDaemon() || t.getName().startsWith("wharf-") || t.getName().startsWith("derby."))
                .map(t -> t.getName() + (t.isDaemon() ? " (daemon)" : ""))
                .sorted().toList();
        assertEquals(List.of(), left);
    }
}
