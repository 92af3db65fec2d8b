package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueServiceException;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Message move tasks run by this store, for a server without StartMessageMoveTask (YMQ): each task
 * ({@link ClientMoveTask}) runs on a daemon thread of its own until it ends or the store closes. The
 * tasks are this process's: another store does not list them, and a task stops with its process
 * (the messages it held come back to the dead-letter queue after {@value ClientMoveTask#HOLD_SECONDS} s).
 * The caller checks the rate and the queues; one task at a time may run on a source, and a list shows
 * a source's last 10 tasks, newest first.
 */
final class ClientMessageMoves {
    private static final int LISTED = 10;
    /** How long cancel waits for the message being moved, and close for every task. */
    private static final long STOP_MILLIS = TimeUnit.SECONDS.toMillis(10);

    private final SqsClient client;
    private final ServerQueues queues;
    private final DeadLetterSources sources;
    private final Map<String, Deque<ClientMoveTask>> bySource = new ConcurrentHashMap<>();
    private final Map<String, ClientMoveTask> byHandle = new ConcurrentHashMap<>();

    ClientMessageMoves(SqsClient client, ServerQueues queues, DeadLetterSources sources) {
        this.client = client;
        this.queues = queues;
        this.sources = sources;
    }

    /** Starts a task as {@link MessageMoves#startMessageMoveTask}, whose checks the caller made. */
    synchronized String start(String sourceUrl, String destinationUrl, Integer rate) {
        Deque<ClientMoveTask> tasks = bySource.computeIfAbsent(sourceUrl, k -> new LinkedList<>());
        ClientMoveTask last = tasks.peekFirst();
        if (last != null && last.running()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + ServerQueues.name(sourceUrl)
                    + " has a running message move task, " + last.handle() + "; cancel it or wait for it to end");
        }
        List<String> back = destinationUrl == null ? sources.of(sourceUrl) : List.of();
        long toMove = Long.parseLong(queues.attributes(sourceUrl, List.of("ApproximateNumberOfMessages"))
                .getOrDefault("ApproximateNumberOfMessages", "0"));
        ClientMoveTask task = new ClientMoveTask(client, queues, "wharf-move-" + UUID.randomUUID(), sourceUrl,
                destinationUrl, rate, back, toMove);
        tasks.addFirst(task);
        byHandle.put(task.handle(), task);
        while (tasks.size() > LISTED) {
            byHandle.remove(tasks.removeLast().handle());
        }
        Thread thread = new Thread(task, "wharf-move-" + ServerQueues.name(sourceUrl));
        thread.setDaemon(true);
        thread.start();
        return task.handle();
    }

    /** The tasks of {@code sourceUrl} this store started, newest first. */
    synchronized List<MessageMoveTask> list(String sourceUrl) {
        List<MessageMoveTask> out = new ArrayList<>();
        bySource.getOrDefault(sourceUrl, new LinkedList<>()).forEach(t -> out.add(t.view()));
        return out;
    }

    /** True if {@code handle} is one of this store's tasks. */
    boolean knows(String handle) {
        return byHandle.containsKey(handle);
    }

    /** Stops a running task after the message it is moving; returns how many it moved. */
    long cancel(String handle) {
        ClientMoveTask task = byHandle.get(handle);
        if (task == null) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "there is no message move task " + handle);
        }
        if (!task.stop()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "message move task " + handle + " is "
                    + task.view().status() + ": only a running task can be cancelled");
        }
        task.awaitStopped(STOP_MILLIS);
        return task.view().approximateNumberOfMessagesMoved();
    }

    /** Stops every running task, waiting a while for them. */
    void close() {
        List<ClientMoveTask> stopping = new ArrayList<>();
        for (ClientMoveTask t : byHandle.values()) {
            if (t.stop()) {
                stopping.add(t);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_MILLIS);
        for (ClientMoveTask t : stopping) {
            t.awaitStopped(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
    }
}
