package org.wharfmq.jms.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.store.sqs.testing.Fault;
import org.wharfmq.store.sqs.testing.FaultRelay;
import org.wharfmq.store.sqs.testing.FaultScript;
import org.wharfmq.store.sqs.testing.StoredElasticMq;

/**
 * A load of {@link Worker}s on one queue of a stored ElasticMQ behind a {@link FaultRelay}, run
 * through phases: a baseline, fault kinds one after the other, the server's restart. After each
 * phase heals, every worker must make progress again within a deadline, and the time that took is
 * the phase's recovery. {@link #finish} drains the queue and reads the {@link Ledger};
 * {@link #report} gives one line a phase, {@link #verify} fails on a lost message, a duplicate no
 * documented rule explains, an exception that does not name the SQS request, or a stuck worker.
 */
public final class FaultLoad {
    private final StoredElasticMq server;
    private final FaultRelay relay;
    private final WharfConnectionFactory factory;
    private final String queue;
    private final int visibilitySeconds;
    private final Ledger ledger = new Ledger();
    private final List<Worker> workers = new ArrayList<>();
    private final List<Phase> phases = new ArrayList<>();
    private final List<String> stuck = new ArrayList<>();
    private Findings findings;
    private long drained;

    public FaultLoad(StoredElasticMq server, FaultRelay relay, WharfConnectionFactory factory, String queue,
                     int visibilitySeconds) {
        this.server = server;
        this.relay = relay;
        this.factory = factory;
        this.queue = queue;
        this.visibilitySeconds = visibilitySeconds;
    }

    public Ledger ledger() {
        return ledger;
    }

    public FaultLoad with(Worker w) {
        workers.add(w);
        return this;
    }

    public void start() throws JMSException {
        for (Worker w : workers) {
            w.start();
        }
    }

    /** A phase without faults, for the figures to compare with. */
    public void baseline(Duration time, Duration deadline) {
        Phase p = new Phase("none", null, false, 0, System.nanoTime());
        phases.add(p);
        run(time);
        p.healNanos = System.nanoTime();
        awaitProgress(p, deadline);
    }

    /** A phase in which the relay runs {@code script} for {@code time}. */
    public void fault(FaultScript script, Duration time, Duration deadline) {
        Map<String, Long> before = relay.injectedByAction();
        long injectedBefore = relay.injected(script.fault());
        Phase p = new Phase(script.fault().name(), script.fault(), false,
                script.fault() == Fault.STALL ? script.stall().toNanos() : 0, System.nanoTime());
        phases.add(p);
        relay.inject(script);
        run(time);
        relay.heal();
        p.healNanos = System.nanoTime();
        p.injected = relay.injected(script.fault()) - injectedBefore;
        relay.injectedByAction().forEach((k, v) -> p.injectedByAction.put(k, v - before.getOrDefault(k, 0L)));
        awaitProgress(p, deadline);
    }

    /**
     * The server stops until the relay has turned away 20 requests (or 5 s passed), then comes back
     * with its storage.
     */
    public void restart(Duration deadline) {
        long turnedAway = relay.turnedAway();
        Phase p = new Phase("RESTART", null, true, 0, System.nanoTime());
        phases.add(p);
        server.stop();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (relay.turnedAway() - turnedAway < 20 && System.nanoTime() < until) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        server.resume();
        p.healNanos = System.nanoTime();
        p.injected = relay.turnedAway() - turnedAway;
        awaitProgress(p, deadline);
    }

    /** Waits until every worker made progress after the phase healed; records how long that took. */
    private void awaitProgress(Phase p, Duration deadline) {
        long until = p.healNanos + deadline.toNanos();
        while (System.nanoTime() < until) {
            if (workers.stream().allMatch(w -> w.lastProgressNanos() > p.healNanos)) {
                p.recoveryNanos = System.nanoTime() - p.healNanos;
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        workers.stream().filter(w -> w.lastProgressNanos() <= p.healNanos).forEach(w -> stuck.add(w.name()
                + " made no progress within " + deadline.toSeconds() + " s after " + p.name + " healed" + w.where()));
    }

    /** Lets the load run for {@code time}: the phase's length, not a wait for a condition. */
    private static void run(Duration time) {
        long until = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < until) {
            LockSupport.parkNanos(until - System.nanoTime());
        }
    }

    /** Waits for stalls to end, stops the workers, drains the queue and reads the ledger. */
    public void finish(Duration stopDeadline, Duration drainDeadline) throws JMSException, InterruptedException {
        if (!relay.awaitNoStalls(stopDeadline)) {
            stuck.add("a stall of the relay outlived " + stopDeadline.toSeconds() + " s");
        }
        for (Worker w : workers) {
            if (!w.stop(stopDeadline.toMillis())) {
                stuck.add(w.name() + " did not stop within " + stopDeadline.toSeconds() + " s" + w.where());
            }
        }
        drained = drain(drainDeadline);
        findings = Findings.of(ledger, phases, visibilitySeconds);
    }

    /**
     * Receives (AUTO_ACKNOWLEDGE) until every acknowledged message was delivered and the queue shows
     * nothing visible or in flight, or until the deadline; returns how many messages it took.
     */
    private long drain(Duration deadline) throws JMSException {
        Set<String> owed = ledger.sends().values().stream().filter(s -> s.outcome() == Ledger.Sent.ACKED)
                .map(Ledger.Send::key).collect(Collectors.toSet());
        long taken = 0;
        long until = System.nanoTime() + deadline.toNanos();
        try (Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = s.createConsumer(s.createQueue(queue));
            while (System.nanoTime() < until) {
                Message m = consumer.receive(1000);
                if (m != null) {
                    ledger.delivered(LoadWorker.key(m), "drain", Ledger.Kind.DRAIN, m.getJMSRedelivered(),
                            LoadWorker.deliveryCount(m)).settled(Ledger.Settle.OK, System.nanoTime());
                    taken++;
                    continue;
                }
                owed.removeIf(k -> !ledger.deliveries(k).isEmpty());
                Map<String, String> a = factory.admin().getQueueAttributes(queue);
                if (owed.isEmpty() && "0".equals(a.get("ApproximateNumberOfMessages"))
                        && "0".equals(a.get("ApproximateNumberOfMessagesNotVisible"))) {
                    break;
                }
            }
        }
        return taken;
    }

    /** One line a phase: faults injected, messages sent, lost, duplicated (by rule), errors seen, recovery. */
    public String report(String title) {
        StringBuilder out = new StringBuilder(title).append('\n');
        for (int i = 0; i < phases.size(); i++) {
            Phase p = phases.get(i);
            long from = p.startNanos;
            long to = i + 1 < phases.size() ? phases.get(i + 1).startNanos : Long.MAX_VALUE;
            long sent = ledger.sends().values().stream().filter(s -> s.outcome() == Ledger.Sent.ACKED
                    && s.endNanos() >= from && s.endNanos() < to).count();
            List<Ledger.Send> doubted = ledger.sends().values().stream().filter(s -> s.outcome()
                    == Ledger.Sent.IN_DOUBT && s.endNanos() >= from && s.endNanos() < to).toList();
            long doubtedDelivered = doubted.stream().filter(s -> !ledger.deliveries(s.key()).isEmpty()).count();
            long lost = findings.lost.stream().filter(l -> l.phase() == p).count();
            long failedButDone = findings.failedButDone.stream().filter(l -> l.phase() == p).count();
            Map<String, Long> rules = new TreeMap<>();
            findings.duplicates.stream().filter(d -> d.phase() == p).forEach(d -> rules.merge(
                    d.rule() == null ? "UNEXPLAINED" : d.rule().name(), 1L, Long::sum));
            long errors = ledger.failures().stream().filter(f -> f.nanos() >= from && f.nanos() < to).count();
            out.append(String.format("FAULT %-15s injected=%d sent=%d inDoubt=%d (delivered %d) lost=%d",
                    p.name, p.injected, sent, doubted.size(), doubtedDelivered, lost));
            out.append(String.format(" duplicated=%d %s failedButDone=%d errors=%d recovery=%s%n",
                    rules.values().stream().mapToLong(Long::longValue).sum(), rules, failedButDone, errors,
                    p.recoveryNanos < 0 ? "none" : String.format("%.1fs", p.recoveryNanos / 1e9)));
        }
        out.append("relay injected ").append(relay.injectedByAction()).append('\n');
        out.append("sent ").append(ledger.sends().size()).append(", drained ").append(drained).append('\n');
        Map<String, Long> byMessage = new TreeMap<>();
        ledger.failures().forEach(f -> byMessage.merge(f.worker() + " " + f.call() + ": "
                + (f.type().startsWith("jakarta.jms.") ? "" : f.type() + ": ")
                + f.message().replaceAll("ID:[0-9a-f-]{36}", "<id>").replaceAll("https?://\\S+", "<url>"),
                1L, Long::sum));
        byMessage.forEach((m, n) -> out.append("  ").append(n).append(" x ").append(m).append('\n'));
        findings.lost.stream().limit(5).forEach(l -> out.append("lost ").append(story(l.key())).append('\n'));
        findings.duplicates.stream().filter(d -> d.rule() == null).limit(5)
                .forEach(d -> out.append("unexplained duplicate ").append(story(d.key())).append('\n'));
        stuck.forEach(s -> out.append("stuck: ").append(s).append('\n'));
        return out.toString();
    }

    /** What happened to the message of {@code key}: its send and its deliveries, at seconds since the load began. */
    private String story(String key) {
        long zero = phases.get(0).startNanos;
        StringBuilder out = new StringBuilder(key).append(':');
        Ledger.Send s = ledger.sends().get(key);
        if (s != null) {
            out.append(String.format(" sent by %s %.2f-%.2fs %s;", s.worker(), (s.startNanos() - zero) / 1e9,
                    (s.endNanos() - zero) / 1e9, s.outcome()));
        }
        for (Ledger.Delivery d : ledger.deliveries(key)) {
            out.append(String.format(" to %s at %.2fs (redelivered %b, count %d) settled %s at %.2fs;", d.worker,
                    (d.receivedNanos - zero) / 1e9, d.redelivered, d.deliveryCount, d.settle,
                    (d.settledNanos - zero) / 1e9));
        }
        for (Phase p : phases) {
            out.append(String.format(" %s %.2f-%.2fs", p.name, (p.startNanos - zero) / 1e9, (p.healNanos - zero) / 1e9));
        }
        return out.toString();
    }

    /**
     * Fails on a stuck worker, a lost message, an unexplained duplicate or an exception that does not
     * name its request.
     */
    public void verify() {
        assertEquals(List.of(), stuck, "workers without progress after healing");
        assertEquals(List.of(), findings.lost.stream().map(l -> l.key() + " (" + l.how() + ", " + l.phase().name + ")")
                .toList(), "lost messages");
        assertEquals(List.of(), findings.duplicates.stream().filter(d -> d.rule() == null).map(d -> d.key() + " to "
                + d.delivery().worker + " in " + d.phase().name).toList(), "duplicates no rule explains");
        assertEquals(List.of(), findings.unnamed.stream().map(f -> f.worker() + " " + f.call() + ": " + f.type()
                + ": " + f.message()).toList(), "exceptions that do not name the SQS request");
    }
}
