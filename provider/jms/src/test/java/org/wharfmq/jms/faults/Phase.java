package org.wharfmq.jms.faults;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.wharfmq.store.sqs.testing.Fault;

/**
 * One stretch of a {@link FaultLoad}: a fault kind (none for the baseline, or the
 * server's restart), when it began and healed, what the relay injected in it, and how long the
 * workers took to make progress again.
 */
final class Phase {
    /** After healing, requests begun under the fault may still be retrying for a few seconds. */
    private static final long RETRY_TAIL_NANOS = TimeUnit.SECONDS.toNanos(5);

    final String name;
    /** The fault the relay injected, or null for the baseline and the restart. */
    final Fault fault;
    final boolean restart;
    final long stallNanos;
    final long startNanos;
    long healNanos;
    /** How long after healing every worker had made progress; -1 if one did not by the deadline. */
    long recoveryNanos = -1;
    /** Per {@code "<fault> <action>"} what the relay injected in this phase; for the restart, the requests it turned away. */
    final Map<String, Long> injectedByAction = new HashMap<>();
    long injected;

    Phase(String name, Fault fault, boolean restart, long stallNanos, long startNanos) {
        this.name = name;
        this.fault = fault;
        this.restart = restart;
        this.stallNanos = stallNanos;
        this.startNanos = startNanos;
    }

    /** Until when requests this phase disturbed may still be under way: stalls and the client's retries. */
    long effectiveEndNanos() {
        return healNanos + stallNanos + RETRY_TAIL_NANOS;
    }

    boolean overlaps(long fromNanos, long toNanos) {
        return fromNanos <= effectiveEndNanos() && toNanos >= startNanos;
    }

    /** True if some request of {@code actions} was disturbed in this phase (every request is, by a restart). */
    boolean hit(Set<String> actions) {
        if (restart) {
            return injected > 0;
        }
        return injectedByAction.entrySet().stream().anyMatch(e -> e.getValue() > 0
                && actions.contains(e.getKey().substring(e.getKey().indexOf(' ') + 1)));
    }

    /** True if a request of {@code actions} may have reached the server and lost its answer in this phase. */
    boolean answerLost(Set<String> actions) {
        return (restart || fault == Fault.RESET_AFTER || fault == Fault.STALL) && hit(actions);
    }
}
