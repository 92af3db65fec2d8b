package org.wharfmq.jms.management;

import java.util.List;
import java.util.Map;

/**
 * One open store over JMX: its URL, the queues that have a {@link QueueMXBean}, a rescan, the
 * message move tasks of {@code QueueAdmin} (SQS's DLQ redrive), queue administration, and browsing,
 * sending and receiving messages. A refused operation throws an IllegalArgumentException with the
 * store's reason, naming the queue and the store, so a JMX client needs no Wharf classes. The data
 * and administration operations are checked against the users files the store was opened with when
 * the connector authenticated the caller (docs/security.md).
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

    /** Every queue shown, with its counts and dead-letter queue, in one call (rescans first, as {@link #refresh}). */
    List<QueueRow> listQueueRows();

    /**
     * Every metric of queue {@code queue}, by its CloudWatch name (as {@link QueueMXBean}'s attributes);
     * -1 where the backend cannot give it.
     */
    Map<String, Long> queueStatistics(String queue);

    /** The store attributes of queue {@code queue} (SQS names: VisibilityTimeout, RedrivePolicy, FifoQueue, ...). */
    Map<String, String> queueAttributes(String queue);

    /**
     * Creates queue {@code queue} or sets the attributes that differ; returns CREATED, UPDATED or
     * UNCHANGED (as {@code QueueAdmin.declare}).
     */
    String declareQueue(String queue, Map<String, String> attributes);

    /** Deletes queue {@code queue} with its messages. */
    void deleteQueue(String queue);

    /** Deletes every message of queue {@code queue}. */
    void purgeQueue(String queue);

    /**
     * Up to {@code maxMessages} messages from the head of queue {@code queue}, left in place (a
     * QueueBrowser); refused on a backend without the Browsing capability, naming it.
     */
    List<MessageView> browse(String queue, int maxMessages);

    /**
     * Sends a text message to queue {@code queue}; {@code properties} become string properties
     * (JMSXGroupID and JMS_Wharf_DeduplicationId included), delivered after
     * {@code deliveryDelayMillis}; returns its JMSMessageID.
     */
    String send(String queue, String body, Map<String, String> properties, long deliveryDelayMillis);

    /**
     * Receives and deletes up to {@code maxMessages} messages of queue {@code queue}, waiting at most
     * {@code waitSeconds} for the first.
     */
    List<MessageView> receive(String queue, int maxMessages, int waitSeconds);
}
