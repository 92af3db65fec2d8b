package org.wharfmq.jms.meta;

/**
 * A message move task, as {@code QueueAdmin.listMessageMoveTasks} shows it: moving the messages of
 * dead-letter queue {@code sourceQueue} back to their source queues or to {@code destinationQueue}.
 *
 * @param status RUNNING, COMPLETED, CANCELLING, CANCELLED or FAILED
 * @param destinationQueue null: each message's original source queue
 * @param maxMessagesPerSecond null: no limit
 * @param failureReason why a FAILED task stopped; null otherwise
 * @param startedTimestamp epoch millis
 */
public record MessageMoveTask(String taskHandle, String status, String sourceQueue, String destinationQueue,
                              Integer maxMessagesPerSecond, long approximateNumberOfMessagesMoved,
                              long approximateNumberOfMessagesToMove, String failureReason, long startedTimestamp) {
}
