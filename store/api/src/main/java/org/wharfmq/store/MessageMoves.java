package org.wharfmq.store;

import java.util.List;

/**
 * Optional capability: message move tasks, as SQS's StartMessageMoveTask, ListMessageMoveTasks and
 * CancelMessageMoveTask. A task moves the messages a dead-letter queue holds when it starts back to
 * the queue each came from, or to a named queue, keeping their MessageId, body, attributes, group
 * and dedup id; a moved message's receive count starts again, and FIFO group order is kept. Each
 * message moves atomically: it is never lost or doubled, whatever stops the task.
 */
public interface MessageMoves {
    /**
     * Starts a task moving the messages of {@code sourceQueueUrl} to {@code destinationQueueUrl}, or,
     * when that is null, each to its original source queue (then the source must be some queue's
     * dead-letter queue). {@code maxMessagesPerSecond} is in the model's range ({@code Ranges.MESSAGES_PER_SECOND}), or
     * null for no limit. One task at a time may run on a source, across every process that shares the
     * store; there a task is listed and cancelled from any of them, and goes on when the process that
     * started it stops (where a backend keeps its tasks in the process, they stop with it). Returns
     * the task handle. Bad input fails naming the value and starts nothing.
     */
    String startMessageMoveTask(String sourceQueueUrl, String destinationQueueUrl, Integer maxMessagesPerSecond);

    /** The tasks of {@code sourceQueueUrl}, newest first: the running one and the last finished ones (at most 10). */
    List<MessageMoveTask> listMessageMoveTasks(String sourceQueueUrl);

    /** Cancels a running task; returns how many messages it had moved. */
    long cancelMessageMoveTask(String taskHandle);
}
