package org.wharfmq.store;

/**
 * A unit of work: nothing in it is visible until {@link #commit()}, which applies all of it or
 * none of it. A delete or visibility change with a stale receipt handle fails the commit with
 * {@code ReceiptHandleIsInvalid} and changes nothing.
 */
public interface StoreTransaction {

    /** Buffers a send; the result's MessageId is the one the message will have. */
    SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options);

    /** Buffers a publish to a topic (needs {@link Topics}); see {@link Topics#publish}. */
    SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                       java.util.function.BiPredicate<String, MessageHeaders> accept);

    void deleteMessage(String queueUrl, String receiptHandle);

    /**
     * As {@link #deleteMessage(String, String)}; where the backend itself gives the message back
     * when the unit does not commit (an XA branch its transaction manager rolls back), the message
     * becomes visible again {@code releaseSeconds} later instead of at once. A unit whose rollback
     * gives nothing back (the consumer releases) may ignore it.
     */
    default void deleteMessage(String queueUrl, String receiptHandle, int releaseSeconds) {
        deleteMessage(queueUrl, receiptHandle);
    }

    void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds);

    /** True if nothing has been buffered. */
    boolean isEmpty();

    void commit();

    /** Discards everything buffered. */
    void rollback();
}
