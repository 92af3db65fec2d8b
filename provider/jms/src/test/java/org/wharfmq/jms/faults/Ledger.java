package org.wharfmq.jms.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the load of a {@link FaultLoad} did, as the application saw it: each message's send
 * (by a key, the message's text) and its deliveries with how they were settled, and every
 * exception. Thread-safe; times are {@link System#nanoTime()}.
 */
public final class Ledger {
    /** How a send ended for the application. */
    public enum Sent { ACKED, IN_DOUBT }

    /** How a delivery was settled: committed, acknowledged or returned from the listener; or not. */
    public enum Settle { PENDING, OK, FAILED }

    /** The kind of consumer a delivery went to. */
    public enum Kind { TRANSACTED, CLIENT, AUTO_LISTENER, MDB, DRAIN }

    public record Send(String key, String worker, long startNanos, long endNanos, Sent outcome) {
    }

    public static final class Delivery {
        final String key;
        final String worker;
        final Kind kind;
        final long receivedNanos;
        final boolean redelivered;
        final int deliveryCount;
        volatile Settle settle = Settle.PENDING;
        volatile long settledNanos;

        Delivery(String key, String worker, Kind kind, long receivedNanos, boolean redelivered, int deliveryCount) {
            this.key = key;
            this.worker = worker;
            this.kind = kind;
            this.receivedNanos = receivedNanos;
            this.redelivered = redelivered;
            this.deliveryCount = deliveryCount;
        }

        public void settled(Settle how, long nanos) {
            settledNanos = nanos;
            settle = how;
        }
    }

    /** An exception the application saw: from which worker, in what call, and its message. */
    public record Failure(String worker, String call, long nanos, String type, String message) {
    }

    private final Map<String, Send> sends = new ConcurrentHashMap<>();
    private final Map<String, List<Delivery>> deliveries = new ConcurrentHashMap<>();
    private final List<Failure> failures = new CopyOnWriteArrayList<>();

    public void sent(String key, String worker, long startNanos, long endNanos, Sent outcome) {
        sends.put(key, new Send(key, worker, startNanos, endNanos, outcome));
    }

    public Delivery delivered(String key, String worker, Kind kind, boolean redelivered, int deliveryCount) {
        Delivery d = new Delivery(key, worker, kind, System.nanoTime(), redelivered, deliveryCount);
        deliveries.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(d);
        return d;
    }

    public void failed(String worker, String call, Throwable e) {
        failures.add(new Failure(worker, call, System.nanoTime(), e.getClass().getName(),
                String.valueOf(e.getMessage())));
    }

    Map<String, Send> sends() {
        return sends;
    }

    List<Delivery> deliveries(String key) {
        return deliveries.getOrDefault(key, List.of());
    }

    Map<String, List<Delivery>> allDeliveries() {
        return deliveries;
    }

    List<Failure> failures() {
        return new ArrayList<>(failures);
    }
}
