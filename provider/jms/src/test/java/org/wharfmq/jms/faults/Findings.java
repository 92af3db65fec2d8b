package org.wharfmq.jms.faults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import jakarta.jms.JMSException;

/**
 * What a {@link FaultLoad}'s ledger shows once the load drained: lost messages, duplicates
 * with the documented rule that explains each (docs/sqs.md, "Server faults"), and exceptions that
 * do not name the SQS request that failed.
 */
final class Findings {
    /** The SQS actions a JMSException may name. */
    static final List<String> ACTIONS = List.of("SendMessage", "ReceiveMessage", "DeleteMessage",
            "ChangeMessageVisibility", "GetQueueUrl", "GetQueueAttributes", "CreateQueue", "ListQueues",
            "ListQueueTags");
    private static final Set<String> SENDS = Set.of("SendMessage", "SendMessageBatch");
    private static final Set<String> DELETES = Set.of("DeleteMessage", "DeleteMessageBatch");
    /** An automatic acknowledgement's delete goes out as the delivery ends, at most this long after it is recorded. */
    private static final long DELETE_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Why a message was delivered again after a delivery of it was settled. */
    enum Rule {
        /** A send or commit whose answer was lost after the server took it was retried: a standard queue keeps both copies. */
        SEND_RETRIED_AFTER_ANSWER_LOST,
        /** An AUTO_ACKNOWLEDGE delete failed after the client's retries (it is logged); the message came back after its visibility timeout. */
        AUTO_DELETE_FAILED,
        /** The consumer held the message past its visibility timeout, so it was delivered again meanwhile. */
        VISIBILITY_ENDED_WHILE_HELD
    }

    /** A delivery after one already settled; {@code rule} null if nothing explains it. */
    record Duplicate(String key, Ledger.Delivery delivery, Rule rule, Phase phase) {
    }

    /** A message the application was owed and never got; or got only in deliveries whose settle failed, and not again. */
    record Lost(String key, String how, Phase phase) {
    }

    final List<Duplicate> duplicates = new ArrayList<>();
    final List<Lost> lost = new ArrayList<>();
    /**
     * Messages delivered only with a settle that failed (a commit or an acknowledgement threw) and
     * never again: the failed request's delete had reached the server, which deleted them, and the
     * answer was lost. Not lost (the application got them) but told otherwise; docs/sqs.md has the rule.
     */
    final List<Lost> failedButDone = new ArrayList<>();
    final List<Ledger.Failure> unnamed = new ArrayList<>();
    private final List<Phase> phases;

    private Findings(List<Phase> phases) {
        this.phases = phases;
    }

    static Findings of(Ledger ledger, List<Phase> phases, int visibilitySeconds) {
        Findings f = new Findings(phases);
        long visibility = TimeUnit.SECONDS.toNanos(visibilitySeconds);
        for (Ledger.Send s : ledger.sends().values()) {
            List<Ledger.Delivery> got = ledger.deliveries(s.key());
            if (got.isEmpty() && s.outcome() == Ledger.Sent.ACKED) {
                f.lost.add(new Lost(s.key(), "never delivered", f.phaseAt(s.endNanos())));
            } else if (!got.isEmpty() && got.stream().allMatch(d -> d.settle == Ledger.Settle.FAILED)) {
                Ledger.Delivery last = got.get(got.size() - 1);
                f.failedButDone.add(new Lost(s.key(), "delivered to " + last.worker + ", whose settle failed",
                        f.phaseAt(last.settledNanos)));
            }
        }
        for (Map.Entry<String, List<Ledger.Delivery>> e : ledger.allDeliveries().entrySet()) {
            f.duplicates(e.getKey(), ledger.sends().get(e.getKey()), e.getValue(), visibility);
        }
        for (Ledger.Failure failure : ledger.failures()) {
            boolean jms = isJms(failure.type());
            if (!jms || ACTIONS.stream().noneMatch(failure.message()::contains)) {
                f.unnamed.add(failure);
            }
        }
        return f;
    }

    private static boolean isJms(String type) {
        try {
            return JMSException.class.isAssignableFrom(Class.forName(type));
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The deliveries of {@code key} made after another delivery of it was settled, each with its explanation. */
    private void duplicates(String key, Ledger.Send send, List<Ledger.Delivery> all, long visibility) {
        List<Ledger.Delivery> byTime = new ArrayList<>(all);
        byTime.sort(Comparator.comparingLong(d -> d.receivedNanos));
        for (Ledger.Delivery d : byTime) {
            Ledger.Delivery earlier = byTime.stream().filter(e -> e != d && e.settle == Ledger.Settle.OK
                    && (e.settledNanos <= d.receivedNanos || (d.settle == Ledger.Settle.OK
                    && e.settledNanos < d.settledNanos))).findFirst().orElse(null);
            if (earlier != null) {
                duplicates.add(explain(key, send, earlier, d, visibility));
            }
        }
    }

    private Duplicate explain(String key, Ledger.Send send, Ledger.Delivery settled, Ledger.Delivery again,
                              long visibility) {
        if (send != null) {
            for (Phase p : phases) {
                if (p.answerLost(SENDS) && p.overlaps(send.startNanos(), send.endNanos())) {
                    return new Duplicate(key, again, Rule.SEND_RETRIED_AFTER_ANSWER_LOST, p);
                }
            }
        }
        if (again.redelivered && (settled.kind == Ledger.Kind.AUTO_LISTENER || settled.kind == Ledger.Kind.DRAIN
                || settled.kind == Ledger.Kind.MDB)) {
            for (Phase p : phases) {
                if (p.hit(DELETES) && p.overlaps(settled.settledNanos, settled.settledNanos + DELETE_AFTER_NANOS)) {
                    return new Duplicate(key, again, Rule.AUTO_DELETE_FAILED, p);
                }
            }
        }
        if (again.redelivered && settled.settledNanos - settled.receivedNanos >= visibility) {
            return new Duplicate(key, again, Rule.VISIBILITY_ENDED_WHILE_HELD, phaseAt(settled.receivedNanos));
        }
        return new Duplicate(key, again, null, phaseAt(again.receivedNanos));
    }

    /** The phase running at {@code nanos}: the last that began by then. */
    Phase phaseAt(long nanos) {
        Phase at = phases.get(0);
        for (Phase p : phases) {
            if (p.startNanos <= nanos) {
                at = p;
            }
        }
        return at;
    }
}
