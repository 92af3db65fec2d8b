package org.wharfmq.store.model;

/**
 * The numeric limits of docs/model.md, each written once, in the units the model uses (seconds,
 * bytes, counts). The defaults of a new queue are {@link QueueConfig}'s.
 */
public final class Ranges {
    /** VisibilityTimeout, and the timeout of a ReceiveMessage or ChangeMessageVisibility: up to 12 h. */
    public static final Range VISIBILITY_TIMEOUT = new Range(0, 43_200);
    /** MessageRetentionPeriod: 1 min..14 days. */
    public static final Range MESSAGE_RETENTION_PERIOD = new Range(60, 1_209_600);
    /** DelaySeconds, of a queue or of one message: up to 15 min. */
    public static final Range DELAY_SECONDS = new Range(0, 900);
    /** ReceiveMessageWaitTimeSeconds, and a ReceiveMessage's WaitTimeSeconds. */
    public static final Range WAIT_TIME_SECONDS = new Range(0, 20);
    /** MaximumMessageSize: 1 KiB..256 KiB, body and attributes together. */
    public static final Range MAXIMUM_MESSAGE_SIZE = new Range(1024, 262_144);
    /** A RedrivePolicy's maxReceiveCount. */
    public static final Range MAX_RECEIVE_COUNT = new Range(1, 1000);
    /** DeduplicationWindow (Wharf's): 20 s..7 days. */
    public static final Range DEDUPLICATION_WINDOW = new Range(20, 604_800);
    /** A message's priority (Wharf's, JMS's 0..9). */
    public static final Range PRIORITY = new Range(0, 9);
    /** Entries of a batch request, and messages of one ReceiveMessage. */
    public static final Range BATCH = new Range(1, MessageRules.MAX_BATCH);

    private Ranges() {
    }
}
