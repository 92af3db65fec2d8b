package org.wharfmq.store;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The queue model of docs/model.md: exactly its operations, nothing JMS needs beyond them.
 * A backend may offer more through {@link #extension(Class)} ({@link Topics}, {@link Browsing},
 * {@link FilteredReceive}, {@link MessageOptions}, {@link Transactions}, {@link XaTransactions},
 * {@link MessageMoves}, {@link QueueStatistics}, {@link FairQueues}, {@link ArrivalNotification}).
 * Every failure is a {@link QueueServiceException} with an error code of docs/model.md.
 */
public interface QueueService extends AutoCloseable {

    /** CreateQueue: returns the queue URL; an identical existing queue is returned as is. */
    String createQueue(String queueName, Map<String, String> attributes);

    /** DeleteQueue. */
    void deleteQueue(String queueUrl);

    /** GetQueueUrl. */
    String getQueueUrl(String queueName);

    /** ListQueues: URLs of the queues whose name starts with {@code prefix} (null or empty: all), by name. */
    List<String> listQueues(String prefix);

    /** PurgeQueue: deletes every message; at most once per queue per 60 s. */
    void purgeQueue(String queueUrl);

    /** GetQueueAttributes: {@code names} may hold {@code All}. */
    Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names);

    /** SetQueueAttributes. */
    void setQueueAttributes(String queueUrl, Map<String, String> attributes);

    /** SendMessage. */
    SendResult sendMessage(SendMessageRequest request);

    /** SendMessageBatch: each entry succeeds or fails on its own. */
    BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> entries);

    /** ReceiveMessage: waits up to the wait time for at least one message. */
    List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request);

    /** DeleteMessage by receipt handle; only the most recent handle of a message is valid. */
    void deleteMessage(String queueUrl, String receiptHandle);

    /** DeleteMessageBatch: entries are (id, receipt handle). */
    BatchResult<String> deleteMessageBatch(String queueUrl, List<BatchEntry<String>> entries);

    /** ChangeMessageVisibility: a new timeout counted from now; 0 makes the message visible at once. */
    void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds);

    /** ChangeMessageVisibilityBatch: entries are (id, (receipt handle, timeout)). */
    BatchResult<String> changeMessageVisibilityBatch(String queueUrl, List<BatchEntry<VisibilityChange>> entries);

    /** The queue name a URL of this store's stands for (a URL's last segment unless the backend says otherwise). */
    default String queueName(String queueUrl) {
        return queueUrl.substring(queueUrl.lastIndexOf('/') + 1);
    }

    /** What one message can carry here; the model's SendMessage limits unless a backend allows more. */
    default Limits limits() {
        return Limits.SQS;
    }

    /** An optional capability of this backend, if it offers it. */
    default <T> Optional<T> extension(Class<T> type) {
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }

    @Override
    void close();
}
