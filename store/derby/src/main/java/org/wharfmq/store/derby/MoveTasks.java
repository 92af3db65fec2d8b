package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoveTask.Status;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.derby.disk.Journal;
import org.wharfmq.store.derby.index.ColdTail;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.RedrivePolicy;
import org.wharfmq.store.model.Ranges;

/**
 * Message move tasks on Derby. A task holds the messages its source had when it started, in
 * delivery order, and moves them with {@link QueueIndex#move}, one journal step each, so a message is in
 * one queue or the other and never both. How far a task may have got is a function of the store's
 * clock: with a limit of r a second, r messages in each second begun since it started. A task steps
 * when it starts, when its source's tasks are listed or one is cancelled, and from a worker thread
 * every {@value #STEP_MILLIS} ms while any task runs. An in-flight message waits, and in a FIFO queue
 * so does the rest of its group. Tasks live in memory: after a restart none are listed, and a new
 * one may start on what is left.
 */
final class MoveTasks {
    private static final long STEP_MILLIS = 100;
    private static final int KEPT_PER_SOURCE = 10;

    private final QueueIndex index;
    /** Tasks by handle, oldest first. Under the lock. */
    private final Map<String, Task> tasks = new LinkedHashMap<>();
    private ScheduledExecutorService worker;
    private ScheduledFuture<?> stepping;

    private static final class Task {
        final String handle;
        final QueueState source;
        final QueueState destination;
        final Integer rate;
        final long startedAt;
        final long toMove;
        final Deque<Msg> left;
        /** The last id handed out when it started, if part of the source was on disk only; else -1. */
        final long coldUpTo;
        Status status = Status.RUNNING;
        long moved;
        String failureReason;

        Task(String handle, QueueState source, QueueState destination, Integer rate, long startedAt, List<Msg> left,
             long coldUpTo) {
            this.handle = handle;
            this.source = source;
            this.destination = destination;
            this.rate = rate;
            this.startedAt = startedAt;
            this.toMove = left.size() + source.coldCount();
            this.left = new ArrayDeque<>(left);
            this.coldUpTo = coldUpTo;
        }

        MessageMoveTask view() {
            return new MessageMoveTask(handle, status, Names.url(source.name),
                    destination == null ? null : Names.url(destination.name), rate, moved, toMove, failureReason,
                    startedAt);
        }
    }

    MoveTasks(QueueIndex index) {
        this.index = index;
    }

    String start(String sourceUrl, String destinationUrl, Integer rate) {
        if (rate != null) {
            Ranges.MESSAGES_PER_SECOND.check("MaxNumberOfMessagesPerSecond", rate);
        }
        List<Journal.Step> steps = new ArrayList<>();
        String handle;
        index.lock();
        try {
            QueueState source = queue(sourceUrl);
            QueueState destination = destinationUrl == null ? null : queue(destinationUrl);
            check(source, destination);
            long now = index.now();
            index.advance(source, now);
            List<Msg> messages = new ArrayList<>(source.liveMessages());
            messages.sort(Comparator.comparingLong(m -> m.seq));
            long id = index.nextId();
            handle = "wharf-move-" + id;
            Task t = new Task(handle, source, destination, rate, now, messages, source.cold == null ? -1 : id);
            tasks.put(handle, t);
            forgetOld(source);
            step(t, now, steps);
            index.journal().postAll(steps);
            keepStepping();
        } finally {
            index.unlock();
        }
        index.sync();
        return handle;
    }

    List<MessageMoveTask> list(String sourceUrl) {
        List<Journal.Step> steps = new ArrayList<>();
        List<MessageMoveTask> out = new ArrayList<>();
        index.lock();
        try {
            QueueState source = queue(sourceUrl);
            long now = index.now();
            for (Task t : tasks.values()) {
                if (t.source == source) {
                    step(t, now, steps);
                    out.add(0, t.view());
                }
            }
            index.journal().postAll(steps);
        } finally {
            index.unlock();
        }
        index.sync();
        return out;
    }

    long cancel(String handle) {
        List<Journal.Step> steps = new ArrayList<>();
        long moved;
        index.lock();
        try {
            index.checkOpen();
            Task t = tasks.get(handle);
            if (t == null) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "no message move task has the handle '"
                        + handle + "'");
            }
            step(t, index.now(), steps);
            if (t.status != Status.RUNNING) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "message move task " + handle + " is "
                        + t.status + ", not RUNNING");
            }
            t.status = Status.CANCELLED;
            t.left.clear();
            moved = t.moved;
            index.journal().postAll(steps);
        } finally {
            index.unlock();
        }
        index.sync();
        return moved;
    }

    void close() {
        ScheduledExecutorService w;
        index.lock();
        try {
            w = worker;
            worker = null;
        } finally {
            index.unlock();
        }
        if (w != null) {
            w.shutdownNow();
        }
    }

    private QueueState queue(String url) {
        QueueState q = index.queue(url);
        if (q.kind != QueueState.KIND_QUEUE) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "'" + url + "' is not a queue");
        }
        return q;
    }

    private void check(QueueState source, QueueState destination) {
        if (destination == null) {
            boolean deadLetter = index.queues().all().stream().anyMatch(q -> {
                RedrivePolicy p = q.config.redrivePolicy();
                return p != null && p.deadLetterQueue().equals(source.name);
            });
            if (!deadLetter) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + source.name + " is no queue's"
                        + " dead-letter queue, so its messages have no source to go back to; name a destination");
            }
        } else if (destination == source) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    "queue " + source.name + " cannot be the destination of its own messages");
        } else if (destination.fifo() != source.fifo()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "destination " + destination.name + " is "
                    + (destination.fifo() ? "FIFO" : "standard") + " but source " + source.name + " is "
                    + (source.fifo() ? "FIFO" : "standard"));
        }
        for (Task t : tasks.values()) {
            if (t.source == source && t.status == Status.RUNNING) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + source.name
                        + " already has a running message move task, " + t.handle);
            }
        }
    }

    /** Keeps the last {@value #KEPT_PER_SOURCE} tasks of a source. Under the lock. */
    private void forgetOld(QueueState source) {
        long n = tasks.values().stream().filter(t -> t.source == source).count();
        Iterator<Task> it = tasks.values().iterator();
        while (n > KEPT_PER_SOURCE && it.hasNext()) {
            Task t = it.next();
            if (t.source == source && t.status != Status.RUNNING) {
                it.remove();
                n--;
            }
        }
    }

    /** Moves what task {@code t} may have moved by {@code now}, adding the durable steps. Under the lock. */
    private void step(Task t, long now, List<Journal.Step> steps) {
        if (t.status != Status.RUNNING) {
            return;
        }
        if (!index.queues().isLive(t.source)) {
            fail(t, "source queue " + t.source.name + " was deleted");
            return;
        }
        if (t.destination != null && !index.queues().isLive(t.destination)) {
            fail(t, "destination queue " + t.destination.name + " was deleted");
            return;
        }
        index.advance(t.source, now);
        long budget = t.rate == null ? Long.MAX_VALUE : t.rate * (1 + (now - t.startedAt) / 1000) - t.moved;
        Set<String> waitingGroups = new HashSet<>();
        for (Iterator<Msg> it = t.left.iterator(); it.hasNext() && budget > 0; ) {
            Msg m = it.next();
            if (!index.contains(m) || m.queue != t.source) {
                it.remove();
                continue;
            }
            boolean waits = m.state == Msg.INFLIGHT || m.state == Msg.HELD
                    || m.groupId != null && waitingGroups.contains(m.groupId);
            if (waits) {
                if (m.groupId != null) {
                    waitingGroups.add(m.groupId);
                }
                continue;
            }
            QueueState to = t.destination != null ? t.destination : index.queues().withId(m.sourceQueueId);
            if (to == null || to.kind != QueueState.KIND_QUEUE) {
                fail(t, "message " + index.messageId(m.bodyId) + " has no source queue to go back to: a"
                        + " RedrivePolicy did not move it here, or its source queue was deleted");
                return;
            }
            m.sourceQueueId = 0;
            steps.add(index.move(m, to, now));
            it.remove();
            t.moved++;
            budget--;
        }
        if (t.left.isEmpty() && !refill(t)) {
            t.status = Status.COMPLETED;
        }
    }

    /**
     * Gives a task the messages of its source read back from disk since, that were there when it
     * started; whether any such are left, in memory or on disk. Under the lock.
     */
    private boolean refill(Task t) {
        ColdTail cold = t.source.cold;
        if (t.coldUpTo < 0) {
            return false;
        }
        List<Msg> back = new ArrayList<>();
        for (Msg m : t.source.liveMessages()) {
            if (m.rowId <= t.coldUpTo) {
                back.add(m);
            }
        }
        back.sort(Comparator.comparingLong(m -> m.seq));
        t.left.addAll(back);
        index.took(t.source);
        return !back.isEmpty() || cold != null && (cold.walking() || cold.inTransit.length > 0
                || !cold.walked.isEmpty() || !cold.sent.isEmpty() && cold.sent.peek() <= t.coldUpTo);
    }

    private static void fail(Task t, String reason) {
        t.status = Status.FAILED;
        t.failureReason = reason;
        t.left.clear();
    }

    /** Steps the running tasks from a worker while any runs. Under the lock. */
    private void keepStepping() {
        boolean running = tasks.values().stream().anyMatch(t -> t.status == Status.RUNNING);
        if (running && (stepping == null || stepping.isDone()) && !index.isClosed()) {
            if (worker == null) {
                worker = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread th = new Thread(r, "wharf-message-moves");
                    th.setDaemon(true);
                    return th;
                });
            }
            stepping = worker.scheduleWithFixedDelay(this::stepAll, STEP_MILLIS, STEP_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void stepAll() {
        List<Journal.Step> steps = new ArrayList<>();
        index.lock();
        try {
            if (index.isClosed()) {
                stepping.cancel(false);
                return;
            }
            long now = index.now();
            boolean running = false;
            for (Task t : tasks.values()) {
                step(t, now, steps);
                running |= t.status == Status.RUNNING;
            }
            index.journal().postAll(steps);
            if (!running) {
                stepping.cancel(false);
            }
        } finally {
            index.unlock();
        }
    }
}
