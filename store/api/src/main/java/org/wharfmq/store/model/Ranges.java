package org.wharfmq.store.model;

import org.wharfmq.store.Limits;

/**
 * The numeric limits of docs/model.md, each written once, in the units the model uses (seconds,
 * bytes, counts; the longest delay and the largest message as the SPI's {@link Limits#SQS} writes
 * them), and the limits of a consumer's options that follow from them. Every layer checks
 * a value against these; a layer only words the problem in its own terms. The defaults of a new
 * queue are {@link QueueConfig}'s.
 */
public final class Ranges {
    /** VisibilityTimeout, and the timeout of a ReceiveMessage or ChangeMessageVisibility: up to 12 h. */
    public static final Range VISIBILITY_TIMEOUT = new Range(0, 43_200);
    /** MessageRetentionPeriod: 1 min..14 days. */
    public static final Range MESSAGE_RETENTION_PERIOD = new Range(60, 1_209_600);
    /** DelaySeconds, of a queue or of one message: up to 15 min. */
    public static final Range DELAY_SECONDS = new Range(0, (int) (Limits.SQS.maxDelayMillis() / 1000));
    /** ReceiveMessageWaitTimeSeconds, and a ReceiveMessage's WaitTimeSeconds. */
    public static final Range WAIT_TIME_SECONDS = new Range(0, 20);
    /** MaximumMessageSize: 1 KiB..256 KiB, body and attributes together. */
    public static final Range MAXIMUM_MESSAGE_SIZE = new Range(1024, Limits.SQS.maxMessageBytes());
    /** A RedrivePolicy's maxReceiveCount. */
    public static final Range MAX_RECEIVE_COUNT = new Range(1, 1000);
    /** DeduplicationWindow (Wharf's): 20 s..7 days. */
    public static final Range DEDUPLICATION_WINDOW = new Range(20, 604_800);
    /** A message's priority (Wharf's, JMS's 0..9). */
    public static final Range PRIORITY = new Range(0, 9);
    /** A message move task's MaxNumberOfMessagesPerSecond. */
    public static final Range MESSAGES_PER_SECOND = new Range(1, 500);
    /** Entries of a batch request, and messages of one ReceiveMessage. */
    public static final Range BATCH = new Range(1, 10);

    /**
     * A consumer's own visibility timeout (a connection URL's {@code visibilityTimeout}, an
     * activation spec's): at least a second. At 0 a message would be visible again as it is
     * delivered, so another consumer of the queue could take it while the first still holds it.
     */
    public static final Range CONSUMER_VISIBILITY_TIMEOUT = new Range(1, VISIBILITY_TIMEOUT.max());
    /** Messages a consumer fetches ahead of the one it asks for: a receive takes at most a batch. */
    public static final Range PREFETCH = new Range(0, BATCH.max() - 1);
    /** A consumer's long-poll slice in seconds: at least a second, at most the longest wait. */
    public static final Range LONG_POLL_SECONDS = new Range(1, WAIT_TIME_SECONDS.max());
    /** How long, in seconds from its receive, a held message may be kept hidden: SQS refuses more than 12 h. */
    public static final Range VISIBILITY_EXTENSION_LIMIT = new Range(1, VISIBILITY_TIMEOUT.max());

    private Ranges() {
    }
}
