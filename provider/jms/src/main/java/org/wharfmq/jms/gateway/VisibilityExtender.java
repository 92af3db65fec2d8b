package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.QueueConfig;

/**
 * Keeps the messages a listener or a server session holds hidden from other consumers until they
 * are settled: ChangeMessageVisibility back to the message's visibility timeout a third of that
 * timeout after the fetch (a store may have held it up to half its timeout before handing it out,
 * as the SQS backend's buffer does), then every half timeout, in batches per queue. It stops when
 * the message is settled ({@link #end}), when the store refuses (the message is gone or its
 * visibility already ended), or at the holder's limit, counted from the fetch: the last change
 * asks only for what is left of it, as SQS refuses a total beyond 12 hours from the receive.
 * One per store, on one daemon thread started on first use.
 */
final class VisibilityExtender {
    private static final long SWEEP_MILLIS = 100;

    private final QueueService service;
    /** The messages kept hidden, by receipt handle. */
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    /** Each queue's VisibilityTimeout attribute, for holders that receive with the queue's. */
    /** Each queue's VisibilityTimeout, kept for 10 s. */
    private final QueueAttributeCache<Integer> queueTimeouts = new QueueAttributeCache<>();
    private volatile ScheduledExecutorService sweeper;
    private volatile boolean shut;

    private static final class Held {
        final Delivery delivery;
        final Object owner;
        final int seconds;
        final long limitAt;
        /** Taken while a change is under way, and to end one: a change never lands after the settlement. */
        final ReentrantLock lock = new ReentrantLock();
        boolean ended;
        /** When the next change is due; read and written by the sweeper only. */
        long dueAt;

        Held(Delivery delivery, Object owner, int seconds, long now, int limitSeconds) {
            this.delivery = delivery;
            this.owner = owner;
            this.seconds = seconds;
            this.limitAt = now + TimeUnit.SECONDS.toNanos(limitSeconds);
            this.dueAt = now + TimeUnit.SECONDS.toNanos(seconds) / 3;
        }
    }

    VisibilityExtender(QueueService service) {
        this.service = service;
    }

    /**
     * Keeps {@code fetched}, just received with visibility timeout {@code visibility} (null: their
     * queue's), hidden for {@code owner} until {@link #end} or for at most {@code limitSeconds}.
     * A message whose timeout is 0, or unknown because the queue's cannot be read, is not kept.
     */
    void hold(List<Delivery> fetched, Integer visibility, int limitSeconds, Object owner) {
        if (!started()) {
            return;
        }
        long now = System.nanoTime();
        for (Delivery d : fetched) {
            Integer seconds = d.consumed() ? null : visibility != null ? visibility : queueTimeout(d.queueUrl());
            if (seconds != null && seconds > 0) {
                Held old = held.put(d.receiptHandle(), new Held(d, owner, seconds, now, limitSeconds));
                if (old != null) {
                    stop(old);
                }
            }
        }
    }

    /** Stops keeping {@code d} hidden, waiting for a change under way to finish. */
    void end(Delivery d) {
        if (held.isEmpty()) {
            return;
        }
        Held h = held.remove(d.receiptHandle());
        if (h != null) {
            stop(h);
        }
    }

    /** Stops keeping hidden whatever {@code owner} holds (it closed). */
    void endAll(Object owner) {
        held.values().removeIf(h -> {
            if (h.owner != owner) {
                return false;
            }
            stop(h);
            return true;
        });
    }

    private static void stop(Held h) {
        h.lock.lock();
        try {
            h.ended = true;
        } finally {
            h.lock.unlock();
        }
    }

    /** Reads queue {@code queueUrl}'s VisibilityTimeout again when next needed. */
    void forgetQueue(String queueUrl) {
        queueTimeouts.forget(queueUrl);
    }

    /** The store closes: nothing is kept hidden any more. */
    synchronized void shut() {
        shut = true;
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        held.values().forEach(VisibilityExtender::stop);
        held.clear();
    }

    /** Starts the sweeper on first use; false once the store closed. */
    private boolean started() {
        if (sweeper != null || shut) {
            return !shut;
        }
        synchronized (this) {
            if (shut || sweeper != null) {
                return !shut;
            }
            sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "wharf-visibility-extension");
                t.setDaemon(true);
                return t;
            });
            sweeper.scheduleWithFixedDelay(this::sweep, SWEEP_MILLIS, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
            return true;
        }
    }

    private Integer queueTimeout(String queueUrl) {
        return queueTimeouts.get(queueUrl, this::readTimeout);
    }

    private Integer readTimeout(String queueUrl) {
        Integer known;
        try {
            String v = service.getQueueAttributes(queueUrl, List.of(QueueConfig.VISIBILITY_TIMEOUT))
                    .get(QueueConfig.VISIBILITY_TIMEOUT);
            known = v == null ? QueueConfig.DEFAULT_VISIBILITY_TIMEOUT : Integer.parseInt(v);
        } catch (QueueServiceException | NumberFormatException e) {
            // Not kept hidden this time; read again for the next fetch.
            return null;
        }
        return known;
    }

    /** Changes what is due, per queue in batches; an unexpected failure waits for the next sweep. */
    private void sweep() {
        long now = System.nanoTime();
        Map<String, List<Held>> due = new LinkedHashMap<>();
        for (Held h : held.values()) {
            if (now - h.dueAt >= 0) {
                due.computeIfAbsent(h.delivery.queueUrl(), u -> new ArrayList<>()).add(h);
            }
        }
        for (Map.Entry<String, List<Held>> e : due.entrySet()) {
            List<Held> all = e.getValue();
            for (int from = 0; from < all.size(); from += Ranges.BATCH.max()) {
                try {
                    extend(e.getKey(), all.subList(from, Math.min(all.size(), from + Ranges.BATCH.max())));
                } catch (RuntimeException ex) {
                    // The store could not be asked (unreachable, throttled): due again at the next sweep.
                }
            }
        }
    }

    /**
     * One ChangeMessageVisibilityBatch for {@code chunk}, one queue's, under each message's lock. A
     * message is due again half its timeout later, or dropped once the change reached its limit.
     */
    private void extend(String queueUrl, List<Held> chunk) {
        List<Held> sent = new ArrayList<>();
        List<BatchEntry<VisibilityChange>> entries = new ArrayList<>();
        chunk.forEach(h -> h.lock.lock());
        try {
            long now = System.nanoTime();
            for (Held h : chunk) {
                if (h.ended) {
                    continue;
                }
                int seconds = (int) Math.min(h.seconds, TimeUnit.NANOSECONDS.toSeconds(h.limitAt - now));
                if (seconds < 1) {
                    forget(h);
                    continue;
                }
                entries.add(new BatchEntry<>(Integer.toString(sent.size()),
                        new VisibilityChange(h.delivery.receiptHandle(), seconds)));
                sent.add(h);
            }
            if (entries.isEmpty()) {
                return;
            }
            List<BatchResultErrorEntry> failed;
            try {
                failed = service.changeMessageVisibilityBatch(queueUrl, entries).failed();
            } catch (QueueServiceException e) {
                if (!e.code().equals(ErrorCodes.QUEUE_DOES_NOT_EXIST)) {
                    throw e;
                }
                sent.forEach(this::forget);
                return;
            }
            for (int i = 0; i < sent.size(); i++) {
                Held h = sent.get(i);
                if (entries.get(i).value().visibilityTimeoutSeconds() < h.seconds) {
                    // The last change: the message's visibility now ends at the limit.
                    forget(h);
                } else {
                    h.dueAt = now + TimeUnit.SECONDS.toNanos(h.seconds) / 2;
                }
            }
            for (BatchResultErrorEntry f : failed) {
                // Deleted, received again or visible already: nothing left to keep hidden.
                forget(sent.get(Integer.parseInt(f.id())));
            }
        } finally {
            chunk.forEach(h -> h.lock.unlock());
        }
    }

    /** Drops {@code h}, under its lock, unless a newer hold of the same receipt handle replaced it. */
    private void forget(Held h) {
        h.ended = true;
        held.remove(h.delivery.receiptHandle(), h);
    }
}
