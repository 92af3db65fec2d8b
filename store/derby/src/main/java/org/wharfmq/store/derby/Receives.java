package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.OVER_LIMIT;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.derby.disk.Database;
import org.wharfmq.store.derby.disk.Journal;
import org.wharfmq.store.derby.index.BodyCache;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.Payload;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.ReceiptHandle;
import org.wharfmq.store.model.RedrivePolicy;

/**
 * ReceiveMessage (with long polling, redrive and attempt ids), filtered receive and browse. Owns
 * the FIFO queues' receive attempts (ReceiveRequestAttemptId), guarded by the index's lock.
 */
final class Receives {
    static final int STANDARD_INFLIGHT_LIMIT = 120_000;
    static final int FIFO_INFLIGHT_LIMIT = 20_000;
    private static final long ATTEMPT_WINDOW = 300_000;
    /** A body read from disk brings the bodies stored after it into the cache, this many at most. */
    private static final int READ_AHEAD_ROWS = 64;
    private static final int READ_AHEAD_BYTES = 256 * 1024;

    /** A FIFO receive remembered by its ReceiveRequestAttemptId. */
    record Attempt(long createdAt, List<Msg> msgs, int[] counts, long[] visibleAts) {
        boolean repeatable(QueueState q, long now) {
            if (now - createdAt >= ATTEMPT_WINDOW) {
                return false;
            }
            for (int i = 0; i < msgs.size(); i++) {
                Msg m = msgs.get(i);
                if (m.queue != q || m.state != Msg.INFLIGHT || m.receiveCount != counts[i]
                        || m.visibleAt != visibleAts[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A message as a receive or browse hands it out, copied from its {@link Msg} under the lock. */
    private record MsgSnapshot(int queueId, long rowId, long bodyId, long seq, long sentAt, int receiveCount,
                            long firstReceiveAt, String groupId, String dedupId, int priority, long expiresAt,
                            boolean fifo, boolean bodyInRow) {
        static MsgSnapshot of(Msg m) {
            return new MsgSnapshot(m.queue.id, m.rowId, m.bodyId, m.seq, m.sentAt, m.receiveCount, m.firstReceiveAt,
                    m.groupId, m.dedupId, m.priority, m.expiresAt, m.queue.fifo(), m.bodyInRow);
        }
    }

    private final QueueIndex index;
    private final Database db;
    /** Receive attempts by queue id, then by ReceiveRequestAttemptId. */
    private final Map<Integer, Map<String, Attempt>> attempts = new HashMap<>();

    Receives(QueueIndex index, Database db) {
        this.index = index;
        this.db = db;
    }

    /**
     * Forgets a queue's receive attempts, when it is purged or deleted. Under the lock. Only FIFO
     * queues have attempts, and subscriptions (which topics delete) are never FIFO.
     */
    void forgetAttempts(QueueState q) {
        attempts.remove(q.id);
    }

    /** Wakes the long polls of a queue, so that they look at their cancel condition. */
    void wakeUp(String queueUrl) {
        index.lock();
        try {
            index.queue(queueUrl).available.signalAll();
        } finally {
            index.unlock();
        }
    }

    static void checkVisibilityTimeout(int seconds) {
        Ranges.VISIBILITY_TIMEOUT.check("VisibilityTimeout", seconds);
    }

    /** How a receive takes its messages. */
    private enum Mode {
        /** In flight, the receive written before it returns. */
        RECEIVE,
        /** In flight, the receive written by a later commit that nobody waits for: see {@link org.wharfmq.store.FilteredReceive#leaseMessage}. */
        LEASE,
        /** Deleted, the delete written later. */
        CONSUME
    }

    List<ReceivedMessage> receive(ReceiveMessageRequest r, long waitMillis, Predicate<MessageHeaders> filter,
                                  BooleanSupplier cancelled) {
        return receive(r, waitMillis, filter, cancelled, Mode.RECEIVE);
    }

    /** Receives for a consumer that settles each message at once: nothing is written or waited for. */
    List<ReceivedMessage> lease(ReceiveMessageRequest r, long waitMillis, Predicate<MessageHeaders> filter,
                                BooleanSupplier cancelled) {
        return receive(r, waitMillis, filter, cancelled, Mode.LEASE);
    }

    /**
     * Receives and deletes. The messages are held in flight while their bodies are read, then
     * deleted by the next group commit, which the caller does not wait for; a crash before that
     * commit leaves them in the queue, to be delivered again.
     */
    List<ReceivedMessage> consume(ReceiveMessageRequest r, long waitMillis, Predicate<MessageHeaders> filter,
                                  BooleanSupplier cancelled) {
        return receive(r, waitMillis, filter, cancelled, Mode.CONSUME);
    }

    private List<ReceivedMessage> receive(ReceiveMessageRequest r, long waitMillis, Predicate<MessageHeaders> filter,
                                          BooleanSupplier cancelled, Mode mode) {
        boolean consume = mode == Mode.CONSUME;
        int max = Ranges.BATCH.check("MaxNumberOfMessages", r.maxNumberOfMessages());
        if (r.visibilityTimeout() != null) {
            checkVisibilityTimeout(r.visibilityTimeout());
        }
        Integer waitSeconds = r.waitTimeSeconds();
        if (waitSeconds != null) {
            Ranges.WAIT_TIME_SECONDS.check("WaitTimeSeconds", waitSeconds);
        }
        long start = System.nanoTime();
        Map<Long, Boolean> verdicts = filter == null ? null : new HashMap<>();
        List<MsgSnapshot> delivered = List.of();
        List<Msg> held = List.of();
        List<Journal.Step> heldSteps = List.of();
        CompletableFuture<Void> durable = null;
        index.lock();
        try {
            QueueState q = index.queue(r.queueUrl());
            String attemptId = q.fifo() && mode == Mode.RECEIVE ? r.receiveRequestAttemptId() : null;
            if (attemptId != null) {
                MessageRules.checkFifoId("ReceiveRequestAttemptId", attemptId);
            }
            long wait = waitMillis >= 0 ? TimeUnit.MILLISECONDS.toNanos(waitMillis)
                    : TimeUnit.SECONDS.toNanos(waitSeconds != null ? waitSeconds
                    : q.config.receiveMessageWaitTimeSeconds());
            int visibility = r.visibilityTimeout() != null ? r.visibilityTimeout() : q.config.visibilityTimeout();
            q.lastReceiveNanos = System.nanoTime();
            while (true) {
                long now = index.now();
                index.advance(q, now);
                Map<String, Attempt> queueAttempts = attemptId == null ? null
                        : attempts.computeIfAbsent(q.id, k -> new HashMap<>());
                if (queueAttempts != null) {
                    queueAttempts.values().removeIf(a -> now - a.createdAt >= ATTEMPT_WINDOW);
                    Attempt a = queueAttempts.get(attemptId);
                    if (a != null && a.repeatable(q, now)) {
                        delivered = a.msgs.stream().map(MsgSnapshot::of).toList();
                        break;
                    }
                }
                if (filter != null && !q.whole) {
                    // A filter must see every message: this queue is read back whole and stays so.
                    q.whole = true;
                    index.took(q);
                }
                Set<Long> matching = null;
                long arrivals = q.arrivals;
                if (filter != null) {
                    matching = evaluate(q, filter, verdicts);
                    q = index.queue(r.queueUrl());
                }
                if (q.cold != null && q.queued() < max) {
                    // Part of the queue is on disk only: read it back before choosing.
                    boolean added;
                    index.unlock();
                    try {
                        added = index.pager().fill(q, max);
                    } finally {
                        index.lock();
                    }
                    q = index.queue(r.queueUrl());
                    if (added && filter != null) {
                        // The filter has not seen the new messages.
                        continue;
                    }
                }
                List<Journal.Step> steps = new ArrayList<>();
                List<Msg> taken = select(q, max, index.now(), visibility, matching, steps, mode);
                index.took(q);
                if (!taken.isEmpty()) {
                    index.memory().paced(q);
                    delivered = taken.stream().map(MsgSnapshot::of).toList();
                    if (consume) {
                        held = taken;
                        heldSteps = steps;
                        break;
                    }
                    if (mode == Mode.LEASE) {
                        // The receives (counts), and removals of expired or redriven messages: nobody waits for them.
                        index.journal().postAll(steps);
                        break;
                    }
                    durable = index.journal().submitAll(steps, null);
                    if (queueAttempts != null) {
                        queueAttempts.put(attemptId, attempt(now, taken));
                    }
                    break;
                }
                if (!steps.isEmpty()) {
                    index.journal().postAll(steps);
                }
                if (filter != null && q.arrivals != arrivals) {
                    // Messages arrived while the filter ran with the lock released: look again.
                    continue;
                }
                long remaining = wait - (System.nanoTime() - start);
                if (remaining <= 0 || index.isClosed() || cancelled != null && cancelled.getAsBoolean()) {
                    break;
                }
                long untilTimer = q.nextDeadline() - index.now();
                if (untilTimer < TimeUnit.NANOSECONDS.toMillis(remaining)) {
                    remaining = TimeUnit.MILLISECONDS.toNanos(Math.max(1, untilTimer));
                }
                try {
                    q.available.awaitNanos(remaining);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                if (index.isClosed() || cancelled != null && cancelled.getAsBoolean()) {
                    break;
                }
                q = index.queue(r.queueUrl());
            }
            if (delivered.isEmpty()) {
                q.counters.emptyReceives++;
            } else {
                q.counters.received += delivered.size();
            }
        } finally {
            index.unlock();
        }
        if (durable != null) {
            index.journal().await(durable);
        }
        if (!held.isEmpty()) {
            return consumeHeld(held, heldSteps, delivered);
        }
        return toMessages(delivered, true);
    }

    private List<ReceivedMessage> consumeHeld(List<Msg> held, List<Journal.Step> steps, List<MsgSnapshot> delivered) {
        List<ReceivedMessage> out;
        try {
            out = toMessages(delivered, true);
        } catch (RuntimeException e) {
            release(held, steps);
            throw e;
        }
        index.lock();
        try {
            for (Msg m : held) {
                // A purge or a queue deletion may have taken it meanwhile.
                if (index.contains(m) && m.state == Msg.INFLIGHT) {
                    m.queue.counters.deleted++;
                    m.queue.remove(m);
                    steps.add(index.forget(m));
                }
            }
            // Not awaited: deletes of consumers that acknowledge on receipt share the next commit.
            index.journal().postAll(steps);
        } finally {
            index.unlock();
        }
        return out;
    }

    /** Puts held messages back, visible at once, when their bodies could not be read. */
    private void release(List<Msg> held, List<Journal.Step> steps) {
        index.lock();
        try {
            long now = index.now();
            for (Msg m : held) {
                if (index.contains(m) && m.state == Msg.INFLIGHT) {
                    m.receiveCount--;
                    m.queue.changeVisibility(m, now);
                    index.advance(m.queue, now);
                }
            }
            index.journal().postAll(steps);
        } finally {
            index.unlock();
        }
    }

    /** Offers the queue's candidates in order; returns those delivered, adding their durable steps. */
    private List<Msg> select(QueueState q, int max, long now, int visibility, Set<Long> matching,
                             List<Journal.Step> steps, Mode mode) {
        int limit = q.fifo() ? FIFO_INFLIGHT_LIMIT : STANDARD_INFLIGHT_LIMIT;
        if (q.inflight() >= limit) {
            if (q.fifo()) {
                return List.of();
            }
            throw new QueueServiceException(OVER_LIMIT, "queue " + q.name + " has " + q.inflight()
                    + " messages in flight, the most a standard queue allows");
        }
        int n = Math.min(max, limit - q.inflight());
        RedrivePolicy redrive = q.config.redrivePolicy();
        QueueState dlq = redrive == null ? null : index.queues().named(redrive.deadLetterQueue());
        boolean canRedrive = dlq != null && dlq.kind == QueueState.KIND_QUEUE && dlq.fifo() == q.fifo();
        return q.select(n, m -> {
            if (m.expired(now)) {
                m.queue.remove(m);
                steps.add(index.forget(m));
                return QueueState.Decision.REMOVED;
            }
            if (matching != null && !matching.contains(m.rowId)) {
                return QueueState.Decision.SKIP;
            }
            if (canRedrive && m.receiveCount >= redrive.maxReceiveCount()) {
                // Remembered for a message move task that takes it back.
                m.sourceQueueId = q.id;
                q.counters.movedToDeadLetterQueue++;
                steps.add(index.move(m, dlq, now));
                return QueueState.Decision.REMOVED;
            }
            m.receiveCount++;
            if (m.firstReceiveAt == 0) {
                m.firstReceiveAt = now;
            }
            if (mode == Mode.CONSUME) {
                // Held until deleted; nothing to write before that.
                m.queue.markConsumed(m);
                return QueueState.Decision.DELIVER;
            }
            m.queue.markInflight(m, now + visibility * 1000L);
            m.leased = mode == Mode.LEASE;
            steps.add(index.received(m));
            return QueueState.Decision.DELIVER;
        });
    }

    private static Attempt attempt(long now, List<Msg> taken) {
        int[] counts = new int[taken.size()];
        long[] visibleAts = new long[taken.size()];
        for (int i = 0; i < taken.size(); i++) {
            counts[i] = taken.get(i).receiveCount;
            visibleAts[i] = taken.get(i).visibleAt;
        }
        return new Attempt(now, List.copyOf(taken), counts, visibleAts);
    }

    /**
     * Which visible messages the filter accepts. Reads their attributes with the lock released
     * (verdicts are kept for the rest of this receive), then takes the lock again.
     */
    private Set<Long> evaluate(QueueState q, Predicate<MessageHeaders> filter, Map<Long, Boolean> verdicts) {
        List<MsgSnapshot> unknown = new ArrayList<>();
        for (Msg m : q.visibleInOrder()) {
            if (!verdicts.containsKey(m.rowId)) {
                unknown.add(MsgSnapshot.of(m));
            }
        }
        if (!unknown.isEmpty()) {
            index.unlock();
            try {
                build(unknown, false).forEach((row, rm) -> verdicts.put(row, filter.test(rm)));
            } finally {
                index.lock();
            }
        }
        Set<Long> matching = new HashSet<>();
        verdicts.forEach((row, ok) -> {
            if (ok) {
                matching.add(row);
            }
        });
        return matching;
    }

    List<ReceivedMessage> browse(String queueUrl, Predicate<MessageHeaders> filter, int max) {
        List<MsgSnapshot> visible = new ArrayList<>();
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            long now = index.now();
            index.advance(q, now);
            for (Msg m : q.visibleInOrder()) {
                if (!m.expired(now)) {
                    visible.add(MsgSnapshot.of(m));
                }
            }
        } finally {
            index.unlock();
        }
        List<ReceivedMessage> out = new ArrayList<>();
        for (int from = 0; from < visible.size() && out.size() < max; from += 64) {
            List<MsgSnapshot> chunk = visible.subList(from, Math.min(visible.size(), from + 64));
            for (ReceivedMessage m : toMessages(chunk, false)) {
                if (out.size() < max && (filter == null || filter.test(m))) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    private List<ReceivedMessage> toMessages(List<MsgSnapshot> list, boolean withHandles) {
        return list.isEmpty() ? List.of() : new ArrayList<>(build(list, withHandles).values());
    }

    /** Reads body {@code first} and the next ones: those of {@code missed} into {@code payloads}, others into the cache. */
    private void readAhead(long first, int queueId, long[] missed, Map<Long, Payload> payloads, BodyCache cache) {
        for (Database.Body b : db.readFrom(first, queueId, READ_AHEAD_ROWS, READ_AHEAD_BYTES)) {
            if (Arrays.binarySearch(missed, b.id()) >= 0) {
                payloads.put(b.id(), b.payload());
            } else {
                cache.put(b.id(), b.payload(), b.bytes());
            }
        }
    }

    /** Reads bodies and builds messages by row, in order; a message whose body is gone is left out. */
    private Map<Long, ReceivedMessage> build(List<MsgSnapshot> list, boolean withHandles) {
        long[] bodyIds = list.stream().mapToLong(MsgSnapshot::bodyId).toArray();
        long[][] misses = new long[1][];
        BodyCache cache = index.bodies();
        Map<Long, Payload> payloads = cache.get(bodyIds, misses);
        long[] missed = misses[0];
        Arrays.sort(missed);
        // The queue whose rows hold a missed body inline; absent for a WHARF_BODY row.
        Map<Long, Integer> inRow = new HashMap<>();
        if (missed.length > 0) {
            for (MsgSnapshot d : list) {
                if (d.bodyInRow) {
                    inRow.put(d.bodyId, d.queueId);
                }
            }
        }
        boolean synced = false;
        for (long miss : missed) {
            if (payloads.containsKey(miss)) {
                continue;
            }
            readAhead(miss, inRow.getOrDefault(miss, 0), missed, payloads, cache);
            if (!payloads.containsKey(miss) && inRow.containsKey(miss) && !synced) {
                // A message moved in memory may not be under its new queue on disk yet.
                index.sync();
                synced = true;
                readAhead(miss, inRow.get(miss), missed, payloads, cache);
            }
        }
        Map<Long, ReceivedMessage> out = new LinkedHashMap<>();
        for (MsgSnapshot d : list) {
            Payload p = payloads.get(d.bodyId);
            if (p == null) {
                continue;
            }
            String handle = withHandles ? new ReceiptHandle(d.queueId, d.rowId, d.receiveCount).encode() : null;
            Map<String, MessageAttributeValue> attrs = p.attributes();
            out.put(d.rowId, new ReceivedMessage(index.messageId(d.bodyId), handle, p.body(), p.md5(),
                    d.sentAt, d.receiveCount, d.firstReceiveAt, d.fifo ? d.groupId : null,
                    d.fifo ? d.dedupId : null, d.fifo ? Digests.sequenceNumber(d.seq) : null, d.priority,
                    d.expiresAt, attrs));
        }
        return out;
    }
}
