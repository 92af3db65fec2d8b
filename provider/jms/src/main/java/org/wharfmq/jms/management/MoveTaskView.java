package org.wharfmq.jms.management;

import org.wharfmq.jms.meta.MessageMoveTask;

/** A message move task as JMX shows it (an MXBean composite): the fields of {@link MessageMoveTask}. */
public final class MoveTaskView {
    private final MessageMoveTask task;

    MoveTaskView(MessageMoveTask task) {
        this.task = task;
    }

    public String getTaskHandle() {
        return task.taskHandle();
    }

    /** RUNNING, COMPLETED, CANCELLING, CANCELLED or FAILED. */
    public String getStatus() {
        return task.status();
    }

    public String getSourceQueue() {
        return task.sourceQueue();
    }

    /** Empty: each message's source queue. */
    public String getDestinationQueue() {
        return task.destinationQueue() == null ? "" : task.destinationQueue();
    }

    /** 0: no limit. */
    public int getMaxMessagesPerSecond() {
        return task.maxMessagesPerSecond() == null ? 0 : task.maxMessagesPerSecond();
    }

    public long getApproximateNumberOfMessagesMoved() {
        return task.approximateNumberOfMessagesMoved();
    }

    public long getApproximateNumberOfMessagesToMove() {
        return task.approximateNumberOfMessagesToMove();
    }

    /** Empty unless the task FAILED. */
    public String getFailureReason() {
        return task.failureReason() == null ? "" : task.failureReason();
    }

    /** Epoch milliseconds. */
    public long getStartedTimestamp() {
        return task.startedTimestamp();
    }
}
