package org.wharfmq.jms.meta;

/**
 * A message move task, as {@code QueueAdmin.listMessageMoveTasks} shows it: moving the messages of
 * dead-letter queue {@code sourceQueue} back to their source queues or to {@code destinationQueue}.
 * A second type beside the store's {@code org.wharfmq.store.MessageMoveTask}, for a reason: that one
 * names queues by store URL and belongs to the store SPI, which only {@code jms.gateway} may see
 * (docs/design.md); this one names them as the application does, for the public face and the tools.
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
