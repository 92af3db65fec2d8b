package org.wharfmq.store.sqs.testing;

import java.time.Duration;
import java.util.Set;

/**
 * One rule of a {@link FaultRelay}: for requests of {@code actions} (the SQS action, as
 * {@code X-Amz-Target: AmazonSQS.<action>} or {@code Action=<action>} names it; empty for every
 * action), a {@code share} of them, picked at random, get {@code fault}, for {@code lasting} from when
 * the relay takes the script, and at most {@code times} of them (0: no limit). {@code stall} is how
 * long {@link Fault#STALL} holds a request.
 * For example {@code FaultScript.of(Fault.RESET_AFTER).on("ReceiveMessage").share(0.3).lasting(Duration.ofSeconds(10))}.
 */
public record FaultScript(Fault fault, Set<String> actions, double share, Duration lasting, Duration stall,
                          int times) {
    /** The SQS actions that carry messages: sends, receives, deletes and visibility changes. */
    public static final Set<String> MESSAGE_ACTIONS = Set.of("SendMessage", "SendMessageBatch", "ReceiveMessage",
            "DeleteMessage", "DeleteMessageBatch", "ChangeMessageVisibility", "ChangeMessageVisibilityBatch");

    public FaultScript {
        if (fault == null) {
            throw new IllegalArgumentException("the fault of a script is null");
        }
        if (actions == null) {
            throw new IllegalArgumentException("the actions of a " + fault
                    + " script are null; give an empty set for all");
        }
        actions = Set.copyOf(actions);
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("the share of a " + fault + " script is " + share
                    + ": it must be more than 0 and at most 1");
        }
        if (lasting == null || lasting.isNegative() || lasting.isZero()) {
            throw new IllegalArgumentException("a " + fault + " script lasts " + lasting + ": it must be positive");
        }
        if (stall == null || stall.isNegative() || (fault == Fault.STALL && stall.isZero())) {
            throw new IllegalArgumentException("the stall of a " + fault + " script is " + stall
                    + (fault == Fault.STALL ? ": it must be positive" : ": it must not be negative"));
        }
        if (times < 0) {
            throw new IllegalArgumentException("a " + fault + " script hits at most " + times
                    + " requests: it must be 0 (no limit) or more");
        }
    }

    /** {@code fault} for every request, for a minute; narrow it with the other methods. */
    public static FaultScript of(Fault fault) {
        return new FaultScript(fault, Set.of(), 1, Duration.ofMinutes(1), fault == Fault.STALL
                ? Duration.ofSeconds(35) : Duration.ZERO, 0);
    }

    public FaultScript on(String... actions) {
        return new FaultScript(fault, Set.of(actions), share, lasting, stall, times);
    }

    public FaultScript on(Set<String> actions) {
        return new FaultScript(fault, actions, share, lasting, stall, times);
    }

    public FaultScript share(double share) {
        return new FaultScript(fault, actions, share, lasting, stall, times);
    }

    public FaultScript lasting(Duration lasting) {
        return new FaultScript(fault, actions, share, lasting, stall, times);
    }

    public FaultScript stall(Duration stall) {
        return new FaultScript(fault, actions, share, lasting, stall, times);
    }

    /** At most {@code times} requests get the fault; 0 for no limit. */
    public FaultScript times(int times) {
        return new FaultScript(fault, actions, share, lasting, stall, times);
    }

    /** True if this script covers {@code action}. */
    boolean covers(String action) {
        return actions.isEmpty() || actions.contains(action);
    }

    @Override
    public String toString() {
        return fault + " on " + (actions.isEmpty() ? "every action" : String.join(",", actions.stream().sorted()
                .toList())) + ", " + Math.round(share * 100) + "% for " + lasting.toMillis() + " ms"
                + (fault == Fault.STALL ? ", stalls of " + stall.toMillis() + " ms" : "")
                + (times > 0 ? ", at most " + times + " times" : "");
    }
}
