package org.wharfmq.jms.management;

import java.util.List;

/**
 * One open store over JMX: its URL, the queues that have a {@link QueueMXBean}, a rescan, and the
 * message move tasks of {@code QueueAdmin} (SQS's DLQ redrive). A refused operation throws an
 * IllegalArgumentException with the store's reason, so a JMX client needs no Wharf classes.
 */
public interface StoreMXBean {
    /** The store URL, secrets hidden. */
    String getUrl();

    /** The names of the queues shown, sorted. */
    List<String> getQueues();

    /** Shows every queue the store lists now and hides those it no longer has. */
    void refresh();

    /**
     * Starts moving the messages of dead-letter queue {@code sourceQueue} to {@code destinationQueue}
     * (empty: each message's source queue), at most {@code maxMessagesPerSecond} a second (0: no
     * limit); returns the task handle.
     */
    String startMessageMoveTask(String sourceQueue, String destinationQueue, int maxMessagesPerSecond);

    /** The message move tasks of {@code sourceQueue}, newest first. */
    List<MoveTaskView> listMessageMoveTasks(String sourceQueue);

    /** Cancels a running task; returns how many messages it had moved. */
    long cancelMessageMoveTask(String taskHandle);
}
