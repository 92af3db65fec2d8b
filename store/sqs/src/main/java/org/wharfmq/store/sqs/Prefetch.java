package org.wharfmq.store.sqs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.Names;

/**
 * Receives for a whole store, per queue. A receive with the queue's visibility timeout asks the
 * server for 10 messages and keeps what it does not take in its queue's lane, where the next
 * receive of any consumer of this store finds them, in send order. When a receive empties the lane
 * of a standard queue and the server's last answer there was a full batch, the next batch is asked
 * for at once, so that the consumer's next receive finds it or waits for it instead of making a
 * round trip of its own (the AWS SQS JMS library reads ahead too). A held message goes back to
 * the server (visibility 0) once half its visibility timeout has passed, or 200 ms after a filter
 * passed it over, or when the store closes; each such return counts as one receive on the server.
 * A long poll lasts up to 20 s; a receive whose consumer is cancelled returns within 50 ms, and
 * what its poll brings later is held for others. A receive the server still throttles after the
 * client's retries finds nothing and asks again, every 500 ms, until its wait ends.
 * On a FIFO queue only consuming receives hold and take: a consumed message's group may go on at
 * once, as on the server after its delete, and a held message is never taken past an earlier one of
 * its group. A receive that keeps its message in flight takes the server's answer whole, since the
 * server holds the group back until that message is settled. Before a consuming receive asks a
 * FIFO queue again, the deletes pending for it go out, so that the server releases those groups.
 */
final class Prefetch {
    private static final int BATCH = 10;
    private static final long CANCEL_CHECK_MILLIS = 50;
    private static final long PASSED_OVER_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long SHORT_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long THROTTLED_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    /** Below this visibility timeout nothing is held: it would be back on the server before it is used. */
    private static final int MIN_HOLD_VISIBILITY = 2;

    private final ServerQueues queues;
    private final ServerMessages messages;
    private final Deletes deletes;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();
    /** Set by {@link #close}, under this object's lock: a poll that ends later holds nothing. */
    private boolean closed;
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wharf-sqs-prefetch");
        t.setDaemon(true);
        return t;
    });

    private final ExecutorService requests = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "wharf-sqs-receive");
        t.setDaemon(true);
        return t;
    });

    Prefetch(ServerQueues queues, ServerMessages messages, Deletes deletes) {
        this.queues = queues;
        this.messages = messages;
        this.deletes = deletes;
        sweeper.scheduleWithFixedDelay(this::sweep, 100, 100, TimeUnit.MILLISECONDS);
    }

    private static final Comparator<ReceivedMessage> SEND_ORDER = Comparator
            .comparingLong(ReceivedMessage::sentTimestamp)
            .thenComparing((a, b) -> MessageIds.compare(a.messageId(), b.messageId()));

    private record Held(ReceivedMessage message, long heldAt, long passedOverAt) {
    }

    private final class Lane {
        final String queueUrl;
        final List<Held> held = new LinkedList<>();
        /** Nanoseconds a message may be held; 0 to hold nothing. */
        volatile long holdNanos = -1;
        /** The read-ahead in flight, or null; under this lane's lock. */
        CompletableFuture<Void> ahead;
        /** Whether the server's last answer here was a full batch: there may be more. */
        volatile boolean full;

        Lane(String queueUrl) {
            this.queueUrl = queueUrl;
        }

        long holdNanos() {
            if (holdNanos < 0) {
                String v = queues.attributes(queueUrl, List.of("VisibilityTimeout")).get("VisibilityTimeout");
                int seconds = v == null ? 30 : Integer.parseInt(v);
                holdNanos = seconds < MIN_HOLD_VISIBILITY ? 0 : TimeUnit.SECONDS.toNanos(seconds) / 2;
            }
            return holdNanos;
        }

        /**
         * Up to {@code max} held messages {@code filter} accepts, in order; marks those it passes
         * over where they are. A FIFO message is never taken past an earlier one of its group.
         */
        synchronized List<ReceivedMessage> take(int max, Predicate<MessageHeaders> filter) {
            List<ReceivedMessage> out = new ArrayList<>();
            Set<String> blocked = new HashSet<>();
            long now = System.nanoTime();
            for (ListIterator<Held> it = held.listIterator(); it.hasNext() && out.size() < max; ) {
                Held h = it.next();
                String group = h.message().messageGroupId();
                if ((group == null || !blocked.contains(group)) && (filter == null || filter.test(h.message()))) {
                    out.add(h.message());
                    it.remove();
                    continue;
                }
                if (group != null) {
                    blocked.add(group);
                }
                if (h.passedOverAt() == 0) {
                    it.set(new Held(h.message(), h.heldAt(), now));
                }
            }
            return out;
        }

        /**
         * Keeps {@code got} in send order, by SentTimestamp and then by {@link MessageIds}, else in the
         * server's order: the server hands out the messages of one millisecond in any order, and
         * messages given back to it are all visible again from one instant.
         */
        synchronized void hold(List<ReceivedMessage> got) {
            long now = System.nanoTime();
            for (ReceivedMessage m : got) {
                ListIterator<Held> it = held.listIterator(held.size());
                while (it.hasPrevious()) {
                    if (SEND_ORDER.compare(it.previous().message(), m) <= 0) {
                        it.next();
                        break;
                    }
                }
                it.add(new Held(m, now, 0));
            }
        }

        /**
         * Removes and returns what must go back to the server now ({@code all}: everything), with
         * the later messages of each FIFO group it returns, so that none overtakes them here.
         */
        synchronized List<String> expired(boolean all) {
            List<String> out = new ArrayList<>();
            Set<String> groups = new HashSet<>();
            long now = System.nanoTime();
            for (Iterator<Held> it = held.iterator(); it.hasNext(); ) {
                Held h = it.next();
                String group = h.message().messageGroupId();
                if (all || now - h.heldAt() >= holdNanos
                        || (h.passedOverAt() != 0 && now - h.passedOverAt() >= PASSED_OVER_NANOS)
                        || (group != null && groups.contains(group))) {
                    out.add(h.message().receiptHandle());
                    it.remove();
                    if (group != null) {
                        groups.add(group);
                    }
                }
            }
            return out;
        }
    }

    /** A receive; {@code consuming} if its caller deletes what it gets at once. */
    List<ReceivedMessage> receive(ReceiveMessageRequest r, long waitMillis, Predicate<MessageHeaders> filter,
                                  BooleanSupplier cancelled, boolean consuming) {
        Lane lane = lanes.computeIfAbsent(r.queueUrl(), Lane::new);
        boolean fifo = Names.isFifo(ServerQueues.name(r.queueUrl()));
        boolean holding = r.visibilityTimeout() == null && r.receiveRequestAttemptId() == null
                && (consuming || !fifo) && lane.holdNanos() > 0;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (true) {
            if (holding) {
                List<ReceivedMessage> out = lane.take(r.maxNumberOfMessages(), filter);
                if (!out.isEmpty()) {
                    if (!fifo) {
                        readAhead(lane);
                    }
                    return out;
                }
                if (awaitAhead(lane, deadline, cancelled)) {
                    continue;
                }
            }
            long left = deadline - System.nanoTime();
            if (cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                return List.of();
            }
            int waitSeconds = (int) Math.min(20, TimeUnit.NANOSECONDS.toSeconds(Math.max(0, left)));
            if (fifo && consuming) {
                deletes.flush(r.queueUrl());
            }
            List<ReceivedMessage> got;
            boolean throttled = false;
            try {
                got = poll(lane, r.withWaitTimeSeconds(waitSeconds), holding ? BATCH : r.maxNumberOfMessages(),
                        holding, cancelled);
            } catch (QueueServiceException e) {
                if (!SqsErrors.throttled(e)) {
                    throw e;
                }
                // Still throttled after the client's retries: nothing yet; ask again until the deadline.
                got = List.of();
                throttled = true;
            }
            if (holding) {
                lane.full = got.size() == BATCH;
                lane.hold(got);
                if (!got.isEmpty()) {
                    continue;
                }
            } else {
                List<ReceivedMessage> out = new ArrayList<>();
                List<String> rejected = new ArrayList<>();
                Set<String> blocked = new HashSet<>();
                for (ReceivedMessage m : got) {
                    String group = m.messageGroupId();
                    if ((group == null || !blocked.contains(group)) && (filter == null || filter.test(m))) {
                        out.add(m);
                    } else {
                        rejected.add(m.receiptHandle());
                        if (group != null) {
                            blocked.add(group);
                        }
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
            if (throttled) {
                LockSupport.parkNanos(Math.min(THROTTLED_WAIT_NANOS, left));
            } else if (waitSeconds == 0 || !got.isEmpty()) {
                LockSupport.parkNanos(Math.min(SHORT_WAIT_NANOS, left));
            }
        }
    }

    /**
     * When a consumer has emptied the lane of a standard queue and the server's last answer there
     * was a full batch, asks for the next batch at once, without waiting, and holds what comes: the
     * consumer's next receive finds it, or waits for it, instead of making a round trip of its own.
     */
    private void readAhead(Lane lane) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        synchronized (lane) {
            if (!lane.full || lane.ahead != null || !lane.held.isEmpty()) {
                return;
            }
            lane.ahead = done;
        }
        ReceiveMessageRequest request = new ReceiveMessageRequest(lane.queueUrl, BATCH, null, 0, null);
        Runnable fetch = () -> {
            List<ReceivedMessage> got = List.of();
            try {
                got = messages.receiveMessage(request);
            } catch (QueueServiceException e) {
                // the consumer's next receive asks again, and meets the failure itself
            }
            boolean kept = false;
            synchronized (this) {
                if (!closed && lanes.get(lane.queueUrl) == lane) {
                    lane.hold(got);
                    kept = true;
                }
            }
            synchronized (lane) {
                lane.full = got.size() == BATCH;
                lane.ahead = null;
            }
            done.complete(null);
            if (!kept) {
                releaseQuietly(lane.queueUrl, got.stream().map(ReceivedMessage::receiptHandle).toList());
            }
        };
        try {
            requests.execute(fetch);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed
            synchronized (lane) {
                lane.ahead = null;
            }
            done.complete(null);
        }
    }

    /** Waits, up to {@code deadline}, for a read-ahead of {@code lane} in flight; false if there is none. */
    private static boolean awaitAhead(Lane lane, long deadline, BooleanSupplier cancelled) {
        CompletableFuture<Void> ahead;
        synchronized (lane) {
            ahead = lane.ahead;
        }
        if (ahead == null) {
            return false;
        }
        while (!ahead.isDone() && !cancelled.getAsBoolean() && System.nanoTime() < deadline) {
            try {
                ahead.get(CANCEL_CHECK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // done, failed or still running: the loop decides
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return ahead.isDone();
    }

    /**
     * For a plain receive with the queue's visibility timeout: the messages this store holds for
     * the queue, which it takes before asking the server (else a filter's leftovers stay hidden);
     * none on a FIFO queue, whose held messages are for consuming receives.
     */
    List<ReceivedMessage> takeHeld(ReceiveMessageRequest r) {
        Lane lane = lanes.get(r.queueUrl());
        if (lane == null || r.visibilityTimeout() != null || r.receiveRequestAttemptId() != null
                || Names.isFifo(ServerQueues.name(r.queueUrl()))) {
            return List.of();
        }
        return lane.take(r.maxNumberOfMessages(), null);
    }

    /**
     * One ReceiveMessage, run on a pool thread (a blocked socket read ignores interrupts) and waited
     * for in slices of {@link #CANCEL_CHECK_MILLIS}. Returns nothing, leaving the request to finish on
     * its own, once the consumer is cancelled or the thread interrupted; what that request then
     * brings is held, or given back at once.
     */
    private List<ReceivedMessage> poll(Lane lane, ReceiveMessageRequest r, int max, boolean holding,
                                       BooleanSupplier cancelled) {
        ReceiveMessageRequest request = new ReceiveMessageRequest(r.queueUrl(), max, r.visibilityTimeout(),
                r.waitTimeSeconds(), r.receiveRequestAttemptId());
        CompletableFuture<List<ReceivedMessage>> call =
                CompletableFuture.supplyAsync(() -> messages.receiveMessage(request), requests);
        try {
            while (true) {
                try {
                    return call.get(CANCEL_CHECK_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (cancelled.getAsBoolean()) {
                        break;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
        call.thenAccept(got -> {
            synchronized (this) {
                if (holding && !closed) {
                    lane.hold(got);
                    return;
                }
            }
            releaseQuietly(r.queueUrl(), got.stream().map(ReceivedMessage::receiptHandle).toList());
        });
        return List.of();
    }

    /** Nothing to do: a cancelled receive sees it within {@link #CANCEL_CHECK_MILLIS}. */
    void wakeUp(String queueUrl) {
    }

    /** Gives back what a queue's lane holds and forgets its visibility timeout. */
    void forget(String queueUrl) {
        Lane lane = lanes.remove(queueUrl);
        if (lane != null) {
            releaseQuietly(queueUrl, lane.expired(true));
        }
    }

    private void sweep() {
        deletes.flushFifo();
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
            messages.changeMessageVisibilityBatch(queueUrl, entries);
        }
    }

    private void releaseQuietly(String queueUrl, List<String> handles) {
        try {
            release(queueUrl, handles);
        } catch (QueueServiceException e) {
            // Their visibility ends on its own.
        }
    }

    /**
     * Gives back what the lanes hold. A long poll still open finishes on its own and gives back what
     * it brings: {@link #awaitPolls} waits for that, before the client may close.
     */
    void close() {
        synchronized (this) {
            closed = true;
        }
        sweeper.shutdownNow();
        requests.shutdown();
        for (String queueUrl : List.copyOf(lanes.keySet())) {
            forget(queueUrl);
        }
    }

    /** True once every request of a closed Prefetch has finished, waiting up to {@code millis}. */
    boolean awaitPolls(long millis) {
        try {
            return requests.awaitTermination(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
