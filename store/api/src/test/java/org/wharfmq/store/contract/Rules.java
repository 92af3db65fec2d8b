package org.wharfmq.store.contract;

import java.util.Set;

/**
 * The ids of the model's rules that a backend may declare it keeps differently
 * ({@link Backend#withDifferences}); a test of such a rule calls {@link Backend#differs} with its id.
 */
public final class Rules {
    /** Time passes on the backend's server, not on the store's clock: tests that move the manual clock. */
    public static final String SERVER_CLOCK = "server-clock";
    /** An older receipt handle is {@code ReceiptHandleIsInvalid}. */
    public static final String STALE_RECEIPT_HANDLE = "stale-receipt-handle";
    /** A failure's message names the offending value. */
    public static final String ERROR_MESSAGE_NAMES_VALUE = "error-message-names-value";
    /** 120,000 in flight in a standard queue is {@code OverLimit}; 20,000 in a FIFO queue, an empty receive. */
    public static final String IN_FLIGHT_LIMITS = "in-flight-limits";
    /** A send without a body is {@code MissingParameter}. */
    public static final String MISSING_BODY = "missing-body";
    /** A forbidden character in a body is {@code InvalidMessageContents}. */
    public static final String FORBIDDEN_CHARACTER_CODE = "forbidden-character-code";
    /** A message larger than its queue's MaximumMessageSize is rejected. */
    public static final String MAXIMUM_MESSAGE_SIZE = "maximum-message-size";
    /** Message attribute names follow SQS's rules (no leading, trailing or double dot, no AWS./Amazon. prefix). */
    public static final String MESSAGE_ATTRIBUTE_NAMES = "message-attribute-names";
    /** MessageGroupId and MessageDeduplicationId on a standard queue are {@code InvalidParameterValue}. */
    public static final String FIFO_FIELDS_ON_STANDARD_QUEUES = "fifo-fields-on-standard-queues";
    /** A FIFO queue's DeduplicationWindow may be set from 20 s to 7 days. */
    public static final String DEDUPLICATION_WINDOW = "deduplication-window";
    /** DeduplicationScope is {@code queue} or {@code messageGroup}, and {@code messageGroup} keys by group. */
    public static final String DEDUPLICATION_SCOPE = "deduplication-scope";
    /** A batch without entries is {@code EmptyBatchRequest}. */
    public static final String EMPTY_BATCH = "empty-batch";
    /** A batch entry id is 1..80 characters of {@code A-Za-z0-9_-}, else {@code InvalidBatchEntryId}. */
    public static final String BATCH_ENTRY_IDS = "batch-entry-ids";
    /** A FIFO SendMessageBatch returns each entry's SequenceNumber. */
    public static final String BATCH_SEQUENCE_NUMBERS = "batch-sequence-numbers";
    /** A repeated ReceiveRequestAttemptId returns the same messages with the same receipt handles. */
    public static final String RECEIVE_ATTEMPT_ID = "receive-attempt-id";
    /** A queue name may be 80 characters long. */
    public static final String QUEUE_NAME_LENGTH = "queue-name-length";
    /** FifoQueue=true on a name without {@code .fifo} is {@code InvalidParameterValue}. */
    public static final String FIFO_ATTRIBUTE_ON_STANDARD_NAME = "fifo-attribute-on-standard-name";
    /** An unknown or read-only queue attribute is {@code InvalidAttributeName}. */
    public static final String UNKNOWN_QUEUE_ATTRIBUTES = "unknown-queue-attributes";
    /** FIFO-only queue attributes on a standard queue are {@code InvalidParameterValue}. */
    public static final String FIFO_ONLY_ATTRIBUTES = "fifo-only-attributes";
    /** GetQueueAttributes All shows every attribute of the model, defaults included. */
    public static final String QUEUE_ATTRIBUTES_SHOWN = "queue-attributes-shown";
    /** A queue's ARN is {@code arn:wharf:sqs:local:000000000000:<name>}. */
    public static final String QUEUE_ARN = "queue-arn";
    /** Queue attributes outside their ranges are {@code InvalidParameterValue}. */
    public static final String ATTRIBUTE_BOUNDS = "attribute-bounds";
    /** A dead-letter queue has its source queue's type. */
    public static final String DEAD_LETTER_QUEUE_TYPE = "dead-letter-queue-type";
    /** A backend's limits allow at least SendMessage's 10 attributes and 256 KiB. */
    public static final String SEND_MESSAGE_LIMITS = "send-message-limits";
    /** A standard queue delivers in send order (the model's best effort, which Wharf keeps). */
    public static final String STANDARD_QUEUE_ORDER = "standard-queue-order";
    /** A finished message move task still shows how many messages it had to move. */
    public static final String MOVE_TASK_COUNTS = "move-task-counts";
    /** A message move task moves a FIFO dead-letter queue's messages, keeping their groups' order and dedup ids. */
    public static final String FIFO_MOVE_TASKS = "fifo-move-tasks";
    /**
     * A message move task without destination sends each message back to the queue it was dead-lettered
     * from, and fails, naming it, on a message that was never dead-lettered.
     */
    public static final String MOVE_TASK_SOURCES = "move-task-sources";
    /** QueueStatistics gives ApproximateAgeOfOldestMessage. */
    public static final String AGE_OF_OLDEST_MESSAGE = "age-of-oldest-message";
    /** QueueStatistics counts deduplicated sends and moves to a dead-letter queue, which the store decides. */
    public static final String STORE_DECIDED_COUNTS = "store-decided-counts";

    /** One FIFO ReceiveMessage may return several messages of a group, in order. */
    public static final String GROUP_MESSAGES_PER_RECEIVE = "group-messages-per-receive";

    /** Every id above. */
    public static final Set<String> DIFFERABLE = Set.of(SERVER_CLOCK, STALE_RECEIPT_HANDLE,
            ERROR_MESSAGE_NAMES_VALUE, IN_FLIGHT_LIMITS, MISSING_BODY, FORBIDDEN_CHARACTER_CODE, MAXIMUM_MESSAGE_SIZE,
            MESSAGE_ATTRIBUTE_NAMES, FIFO_FIELDS_ON_STANDARD_QUEUES, DEDUPLICATION_WINDOW, DEDUPLICATION_SCOPE,
            EMPTY_BATCH, BATCH_ENTRY_IDS, BATCH_SEQUENCE_NUMBERS, RECEIVE_ATTEMPT_ID, QUEUE_NAME_LENGTH,
            FIFO_ATTRIBUTE_ON_STANDARD_NAME, UNKNOWN_QUEUE_ATTRIBUTES, FIFO_ONLY_ATTRIBUTES, QUEUE_ATTRIBUTES_SHOWN,
            QUEUE_ARN, ATTRIBUTE_BOUNDS, DEAD_LETTER_QUEUE_TYPE, SEND_MESSAGE_LIMITS, MOVE_TASK_COUNTS, FIFO_MOVE_TASKS,
            MOVE_TASK_SOURCES, STANDARD_QUEUE_ORDER, AGE_OF_OLDEST_MESSAGE, STORE_DECIDED_COUNTS,
            GROUP_MESSAGES_PER_RECEIVE);

    private Rules() {
    }
}
