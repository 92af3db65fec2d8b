package org.wharfmq.jms.management;

import javax.management.ConstructorParameters;
import org.wharfmq.jms.meta.MessageMoveTask;

/**
 * A message move task as JMX shows it (an MXBean composite, which a proxy rebuilds through the
 * annotated constructor): the fields of {@link MessageMoveTask}.
 */
public final class MoveTaskView {
    private final String taskHandle;
    private final String status;
    private final String sourceQueue;
    private final String destinationQueue;
    private final int maxMessagesPerSecond;
    private final long approximateNumberOfMessagesMoved;
    private final long approximateNumberOfMessagesToMove;
    private final String failureReason;
    private final long startedTimestamp;

    @ConstructorParameters({"taskHandle", "status", "sourceQueue", "destinationQueue", "maxMessagesPerSecond",
            "approximateNumberOfMessagesMoved", "approximateNumberOfMessagesToMove", "failureReason",
            "startedTimestamp"})
    public MoveTaskView(String taskHandle, String status, String sourceQueue, String destinationQueue,
                        int maxMessagesPerSecond, long approximateNumberOfMessagesMoved,
                        long approximateNumberOfMessagesToMove, String failureReason, long startedTimestamp) {
        this.taskHandle = taskHandle;
        this.status = status;
        this.sourceQueue = sourceQueue;
        this.destinationQueue = destinationQueue;
        this.maxMessagesPerSecond = maxMessagesPerSecond;
        this.approximateNumberOfMessagesMoved = approximateNumberOfMessagesMoved;
        this.approximateNumberOfMessagesToMove = approximateNumberOfMessagesToMove;
        this.failureReason = failureReason;
        this.startedTimestamp = startedTimestamp;
    }

    static MoveTaskView of(MessageMoveTask task) {
        return new MoveTaskView(task.taskHandle(), task.status(), task.sourceQueue(),
                task.destinationQueue() == null ? "" : task.destinationQueue(),
                task.maxMessagesPerSecond() == null ? 0 : task.maxMessagesPerSecond(),
                task.approximateNumberOfMessagesMoved(), task.approximateNumberOfMessagesToMove(),
                task.failureReason() == null ? "" : task.failureReason(), task.startedTimestamp());
    }

    public String getTaskHandle() {
        return taskHandle;
    }

    /** RUNNING, COMPLETED, CANCELLING, CANCELLED or FAILED. */
    public String getStatus() {
        return status;
    }

    public String getSourceQueue() {
        return sourceQueue;
    }

    /** Empty: each message's source queue. */
    public String getDestinationQueue() {
        return destinationQueue;
    }

    /** 0: no limit. */
    public int getMaxMessagesPerSecond() {
        return maxMessagesPerSecond;
    }

    public long getApproximateNumberOfMessagesMoved() {
        return approximateNumberOfMessagesMoved;
    }

    public long getApproximateNumberOfMessagesToMove() {
        return approximateNumberOfMessagesToMove;
    }

    /** Empty unless the task FAILED. */
    public String getFailureReason() {
        return failureReason;
    }

    /** Epoch milliseconds. */
    public long getStartedTimestamp() {
        return startedTimestamp;
    }
}
