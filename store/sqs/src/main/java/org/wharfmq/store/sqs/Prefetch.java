package org.wharfmq.store.sqs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.VisibilityChange;

/**
 * Receives for a whole store, per queue. A receive with the queue's visibility timeout asks the
 * server for 10 messages and keeps what it does not take in its queue's lane, where the next
 * receive of any consumer of this store finds them. A held message goes back to the server
 * (visibility 0) once half its visibility timeout has passed, or 200 ms after a filter passed it
 * over, or when the store closes; each such return counts as one receive on the server. A long
 * poll lasts up to 20 s; {@link #wakeUp} interrupts the polls whose consumer was cancelled.
 * FIFO queues are not held: the server keeps a group back while one of its messages is in flight,
 * and a lane handing that group's next message to another consumer would undo it.
 */
final class Prefetch {
    private static final int BATCH = 10;
    private static final long PASSED_OVER_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long SHORT_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** Below this visibility timeout nothing is held: it would be back on the server before it is used. */
    private static final int MIN_HOLD_VISIBILITY = 2;

    private final SqsQueueService service;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wharf-sqs-prefetch");
        t.setDaemon(true);
        return t;
    });

    Prefetch(SqsQueueService service) {
        this.service = service;
        sweeper.scheduleWithFixedDelay(this::sweep, 100, 100, TimeUnit.MILLISECONDS);
    }

    private record Held(ReceivedMessage message, long heldAt, long passedOverAt) {
    }

    /** A thread in a long poll, and whether {@link #wakeUp} interrupted it. */
    private static final class Poller {
        final Thread thread = Thread.currentThread();
        final BooleanSupplier cancelled;
        boolean interrupted;

        Poller(BooleanSupplier cancelled) {
            this.cancelled = cancelled;
        }
    }

    private final class Lane {
        final String queueUrl;
        final Deque<Held> held = new ArrayDeque<>();
        final Set<Poller> pollers = new HashSet<>();
        /** Nanoseconds a message may be held; 0 to hold nothing. */
        volatile long holdNanos = -1;

        Lane(String queueUrl) {
            this.queueUrl = queueUrl;
        }

        long holdNanos() {
            if (holdNanos < 0) {
                String v = service.getQueueAttributes(queueUrl, List.of("VisibilityTimeout")).get("VisibilityTimeout");
                int seconds = v == null ? 30 : Integer.parseInt(v);
                holdNanos = seconds < MIN_HOLD_VISIBILITY ? 0 : TimeUnit.SECONDS.toNanos(seconds) / 2;
            }
            return holdNanos;
        }

        /** Up to {@code max} held messages {@code filter} accepts; marks those it passes over. */
        synchronized List<ReceivedMessage> take(int max, Predicate<MessageView> filter) {
            List<ReceivedMessage> out = new ArrayList<>();
            long now = System.nanoTime();
            List<Held> passed = new ArrayList<>();
            for (Iterator<Held> it = held.iterator(); it.hasNext() && out.size() < max; ) {
                Held h = it.next();
                if (filter == null || filter.test(h.message())) {
                    out.add(h.message());
                    it.remove();
                } else if (h.passedOverAt() == 0) {
                    it.remove();
                    passed.add(new Held(h.message(), h.heldAt(), now));
                }
            }
            held.addAll(passed);
            return out;
        }

        synchronized void hold(List<ReceivedMessage> got) {
            long now = System.nanoTime();
            for (ReceivedMessage m : got) {
                held.add(new Held(m, now, 0));
            }
        }

        /** Removes and returns what must go back to the server now ({@code all}: everything). */
        synchronized List<String> expired(boolean all) {
            List<String> out = new ArrayList<>();
            long now = System.nanoTime();
            for (Iterator<Held> it = held.iterator(); it.hasNext(); ) {
                Held h = it.next();
                if (all || now - h.heldAt() >= holdNanos
                        || (h.passedOverAt() != 0 && now - h.passedOverAt() >= PASSED_OVER_NANOS)) {
                    out.add(h.message().receiptHandle());
                    it.remove();
                }
            }
            return out;
        }

        synchronized void wakeUp() {
            for (Poller p : pollers) {
                if (p.cancelled.getAsBoolean()) {
                    p.interrupted = true;
                    p.thread.interrupt();
                }
            }
        }
    }

    List<ReceivedMessage> receive(ReceiveMessageRequest r, long waitMillis, Predicate<MessageView> filter,
                                  BooleanSupplier cancelled) {
        Lane lane = lanes.computeIfAbsent(r.queueUrl(), Lane::new);
        boolean holding = r.visibilityTimeout() == null && r.receiveRequestAttemptId() == null
                && !r.queueUrl().endsWith(".fifo") && lane.holdNanos() > 0;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (true) {
            if (holding) {
                List<ReceivedMessage> out = lane.take(r.maxNumberOfMessages(), filter);
                if (!out.isEmpty()) {
                    return out;
                }
            }
            long left = deadline - System.nanoTime();
            if (cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                return List.of();
            }
            int waitSeconds = (int) Math.min(20, TimeUnit.NANOSECONDS.toSeconds(Math.max(0, left)));
            List<ReceivedMessage> got = poll(lane, r.withWaitTimeSeconds(waitSeconds)
                    .withAttemptId(r.receiveRequestAttemptId()), holding ? BATCH : r.maxNumberOfMessages(), cancelled);
            if (holding) {
                lane.hold(got);
                if (!got.isEmpty()) {
                    continue;
                }
            } else {
                List<ReceivedMessage> out = new ArrayList<>();
                List<String> rejected = new ArrayList<>();
                for (ReceivedMessage m : got) {
                    if (filter == null || filter.test(m)) {
                        out.add(m);
                    } else {
                        rejected.add(m.receiptHandle());
                    }
                }
                release(r.queueUrl(), rejected);
                if (!out.isEmpty()) {
                    return out;
                }
            }
            left = deadline - System.nanoTime();
            if (left <= 0) {
                return List.of();
            }
            if (waitSeconds == 0 || !got.isEmpty()) {
                LockSupport.parkNanos(Math.min(SHORT_WAIT_NANOS, left));
            }
        }
    }

    /** One ReceiveMessage; nothing if the consumer was cancelled (and woken) or the thread interrupted. */
    private List<ReceivedMessage> poll(Lane lane, ReceiveMessageRequest r, int max, BooleanSupplier cancelled) {
        Poller p = new Poller(cancelled);
        synchronized (lane) {
            lane.pollers.add(p);
        }
        try {
            return service.fetch(new ReceiveMessageRequest(r.queueUrl(), max, r.visibilityTimeout(),
                    r.waitTimeSeconds(), r.receiveRequestAttemptId()));
        } catch (QueueServiceException e) {
            if (Thread.currentThread().isInterrupted()) {
                return List.of();
            }
            throw e;
        } finally {
            synchronized (lane) {
                lane.pollers.remove(p);
                if (p.interrupted) {
                    Thread.interrupted();
                }
            }
        }
    }

    void wakeUp(String queueUrl) {
        Lane lane = lanes.get(queueUrl);
        if (lane != null) {
            lane.wakeUp();
        }
    }

    /** Gives back what a queue's lane holds and forgets its visibility timeout. */
    void forget(String queueUrl) {
        Lane lane = lanes.remove(queueUrl);
        if (lane != null) {
            releaseQuietly(queueUrl, lane.expired(true));
        }
    }

    private void sweep() {
        for (Lane lane : lanes.values()) {
            if (lane.holdNanos >= 0) {
                releaseQuietly(lane.queueUrl, lane.expired(false));
            }
        }
    }

    private void release(String queueUrl, List<String> handles) {
        for (int i = 0; i < handles.size(); i += BATCH) {
            List<BatchEntry<VisibilityChange>> entries = new ArrayList<>();
            for (String h : handles.subList(i, Math.min(handles.size(), i + BATCH))) {
                entries.add(new BatchEntry<>("m" + entries.size(), new VisibilityChange(h, 0)));
            }
            service.changeMessageVisibilityBatch(queueUrl, entries);
        }
    }

    private void releaseQuietly(String queueUrl, List<String> handles) {
        try {
            release(queueUrl, handles);
        } catch (QueueServiceException e) {
            // Their visibility ends on its own.
        }
    }

    void close() {
        sweeper.shutdownNow();
        for (String queueUrl : List.copyOf(lanes.keySet())) {
            forget(queueUrl);
        }
    }
}
