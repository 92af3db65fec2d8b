package org.wharfmq.store;

/**
 * A message move task as {@link MessageMoves#listMessageMoveTasks} shows it.
 *
 * @param destinationQueueUrl null: each message goes back to its original source queue
 * @param maxMessagesPerSecond null: no limit
 * @param failureReason why a FAILED task stopped; null otherwise
 * @param startedTimestamp epoch millis
 */
public record MessageMoveTask(String taskHandle, Status status, String sourceQueueUrl, String destinationQueueUrl,
                              Integer maxMessagesPerSecond, long approximateNumberOfMessagesMoved,
                              long approximateNumberOfMessagesToMove, String failureReason, long startedTimestamp) {

    /** A task's state, as SQS names it. */
    public enum Status { RUNNING, COMPLETED, CANCELLING, CANCELLED, FAILED }
}
