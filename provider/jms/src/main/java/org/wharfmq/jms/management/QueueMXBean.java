package org.wharfmq.jms.management;

/**
 * One queue's figures over JMX, each attribute named as its Amazon SQS CloudWatch metric; -1 where
 * the store's backend cannot give it. Counters count since the store was opened in this JVM. See
 * docs/operations.md.
 */
public interface QueueMXBean {
    /** A lower bound while {@link #isCounting}. */
    long getApproximateNumberOfMessagesVisible();

    /**
     * Whether the store, lately opened, is still counting the queue's messages on disk: until then
     * ApproximateNumberOfMessagesVisible counts those found so far.
     */
    boolean isCounting();

    long getApproximateNumberOfMessagesNotVisible();

    long getApproximateNumberOfMessagesDelayed();

    /** Seconds since the oldest message still in the queue was sent. */
    long getApproximateAgeOfOldestMessage();

    long getNumberOfMessagesSent();

    long getNumberOfMessagesReceived();

    long getNumberOfMessagesDeleted();

    long getNumberOfEmptyReceives();

    long getNumberOfDeduplicatedSentMessages();

    /** Wharf's own: messages the queue's RedrivePolicy moved to its dead-letter queue. */
    long getNumberOfMessagesMovedToDeadLetterQueue();
}
