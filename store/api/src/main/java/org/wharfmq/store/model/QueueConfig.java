package org.wharfmq.store.model;

import static org.wharfmq.store.ErrorCodes.INVALID_ATTRIBUTE_NAME;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.wharfmq.store.QueueServiceException;

/** A queue's settable attributes, parsed and validated against the ranges of docs/model.md. */
public record QueueConfig(boolean fifo, int visibilityTimeout, int messageRetentionPeriod, int delaySeconds,
                          int receiveMessageWaitTimeSeconds, int maximumMessageSize, RedrivePolicy redrivePolicy,
                          boolean contentBasedDeduplication, int deduplicationWindow, String deduplicationScope,
                          RedeliveryPolicy redeliveryPolicy) {

    public static final String VISIBILITY_TIMEOUT = "VisibilityTimeout";
    public static final String MESSAGE_RETENTION_PERIOD = "MessageRetentionPeriod";
    public static final String DELAY_SECONDS = "DelaySeconds";
    public static final String RECEIVE_MESSAGE_WAIT_TIME_SECONDS = "ReceiveMessageWaitTimeSeconds";
    public static final String MAXIMUM_MESSAGE_SIZE = "MaximumMessageSize";
    public static final String REDRIVE_POLICY = "RedrivePolicy";
    public static final String FIFO_QUEUE = "FifoQueue";
    public static final String CONTENT_BASED_DEDUPLICATION = "ContentBasedDeduplication";
    public static final String DEDUPLICATION_WINDOW = "DeduplicationWindow";
    public static final String DEDUPLICATION_SCOPE = "DeduplicationScope";
    /** Wharf's own attribute, not the model's: see {@link RedeliveryPolicy}. */
    public static final String REDELIVERY_POLICY = "RedeliveryPolicy";

    /** Attributes only GetQueueAttributes shows. */
    public static final Set<String> READ_ONLY = Set.of("ApproximateNumberOfMessages",
            "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed", "CreatedTimestamp",
            "LastModifiedTimestamp", "QueueArn");

    private static final Set<String> FIFO_ONLY = Set.of(CONTENT_BASED_DEDUPLICATION, DEDUPLICATION_WINDOW,
            DEDUPLICATION_SCOPE);

    public static final int DEFAULT_VISIBILITY_TIMEOUT = 30;
    /** 4 days. */
    public static final int DEFAULT_MESSAGE_RETENTION_PERIOD = 345_600;
    /** 5 minutes, as the Yandex manual fixes it. */
    public static final int DEFAULT_DEDUPLICATION_WINDOW = 300;
    public static final String DEFAULT_DEDUPLICATION_SCOPE = "queue";

    /** The defaults of a new queue. */
    public static QueueConfig defaults(boolean fifo, int deduplicationWindow) {
        return new QueueConfig(fifo, DEFAULT_VISIBILITY_TIMEOUT, DEFAULT_MESSAGE_RETENTION_PERIOD, 0, 0,
                Ranges.MAXIMUM_MESSAGE_SIZE.max(), null, false, deduplicationWindow, DEFAULT_DEDUPLICATION_SCOPE, null);
    }

    /** This config with {@code attributes} applied; fails naming the first bad name or value. */
    public QueueConfig with(Map<String, String> attributes) {
        QueueConfig c = this;
        for (Map.Entry<String, String> e : attributes.entrySet()) {
            c = c.with(e.getKey(), e.getValue());
        }
        return c;
    }

    private QueueConfig with(String name, String value) {
        if (name == null || READ_ONLY.contains(name)) {
            throw new QueueServiceException(INVALID_ATTRIBUTE_NAME, "attribute " + name + " cannot be set");
        }
        if (value == null) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "attribute " + name + " has no value");
        }
        if (!fifo && FIFO_ONLY.contains(name)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    "attribute " + name + " applies to FIFO queues only");
        }
        return switch (name) {
            case VISIBILITY_TIMEOUT -> new QueueConfig(fifo, range(name, value, Ranges.VISIBILITY_TIMEOUT),
                    messageRetentionPeriod, delaySeconds, receiveMessageWaitTimeSeconds, maximumMessageSize,
                    redrivePolicy, contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case MESSAGE_RETENTION_PERIOD -> new QueueConfig(fifo, visibilityTimeout,
                    range(name, value, Ranges.MESSAGE_RETENTION_PERIOD), delaySeconds, receiveMessageWaitTimeSeconds,
                    maximumMessageSize, redrivePolicy, contentBasedDeduplication, deduplicationWindow,
                    deduplicationScope, redeliveryPolicy);
            case DELAY_SECONDS -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod,
                    range(name, value, Ranges.DELAY_SECONDS), receiveMessageWaitTimeSeconds, maximumMessageSize,
                    redrivePolicy, contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case RECEIVE_MESSAGE_WAIT_TIME_SECONDS -> new QueueConfig(fifo, visibilityTimeout,
                    messageRetentionPeriod, delaySeconds, range(name, value, Ranges.WAIT_TIME_SECONDS),
                    maximumMessageSize, redrivePolicy, contentBasedDeduplication, deduplicationWindow,
                    deduplicationScope, redeliveryPolicy);
            case MAXIMUM_MESSAGE_SIZE -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod,
                    delaySeconds, receiveMessageWaitTimeSeconds, range(name, value, Ranges.MAXIMUM_MESSAGE_SIZE),
                    redrivePolicy, contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case REDRIVE_POLICY -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod, delaySeconds,
                    receiveMessageWaitTimeSeconds, maximumMessageSize, RedrivePolicy.parse(value),
                    contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case REDELIVERY_POLICY -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod, delaySeconds,
                    receiveMessageWaitTimeSeconds, maximumMessageSize, redrivePolicy, contentBasedDeduplication,
                    deduplicationWindow, deduplicationScope, RedeliveryPolicy.parse(value));
            case FIFO_QUEUE -> {
                if (!value.equals(Boolean.toString(fifo))) {
                    throw new QueueServiceException(INVALID_PARAMETER_VALUE, "FifoQueue=" + value
                            + (fifo ? " does not fit a .fifo queue name" : ": only names ending in .fifo are FIFO"));
                }
                yield this;
            }
            case CONTENT_BASED_DEDUPLICATION -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod,
                    delaySeconds, receiveMessageWaitTimeSeconds, maximumMessageSize, redrivePolicy,
                    bool(name, value), deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case DEDUPLICATION_WINDOW -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod,
                    delaySeconds, receiveMessageWaitTimeSeconds, maximumMessageSize, redrivePolicy,
                    contentBasedDeduplication, range(name, value, Ranges.DEDUPLICATION_WINDOW), deduplicationScope,
                    redeliveryPolicy);
            case DEDUPLICATION_SCOPE -> {
                if (!value.equals("queue") && !value.equals("messageGroup")) {
                    throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                            "DeduplicationScope '" + value + "' is neither queue nor messageGroup");
                }
                yield new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod, delaySeconds,
                        receiveMessageWaitTimeSeconds, maximumMessageSize, redrivePolicy, contentBasedDeduplication,
                        deduplicationWindow, value, redeliveryPolicy);
            }
            default -> throw new QueueServiceException(INVALID_ATTRIBUTE_NAME, "unknown attribute " + name);
        };
    }

    /** The settable attributes as GetQueueAttributes shows them. */
    public Map<String, String> toAttributes() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put(VISIBILITY_TIMEOUT, Integer.toString(visibilityTimeout));
        a.put(MESSAGE_RETENTION_PERIOD, Integer.toString(messageRetentionPeriod));
        a.put(DELAY_SECONDS, Integer.toString(delaySeconds));
        a.put(RECEIVE_MESSAGE_WAIT_TIME_SECONDS, Integer.toString(receiveMessageWaitTimeSeconds));
        a.put(MAXIMUM_MESSAGE_SIZE, Integer.toString(maximumMessageSize));
        if (redrivePolicy != null) {
            a.put(REDRIVE_POLICY, redrivePolicy.toJson());
        }
        if (redeliveryPolicy != null) {
            a.put(REDELIVERY_POLICY, redeliveryPolicy.toJson());
        }
        if (fifo) {
            a.put(FIFO_QUEUE, "true");
            a.put(CONTENT_BASED_DEDUPLICATION, Boolean.toString(contentBasedDeduplication));
            a.put(DEDUPLICATION_WINDOW, Integer.toString(deduplicationWindow));
            a.put(DEDUPLICATION_SCOPE, deduplicationScope);
        }
        return a;
    }

    /** Attributes a queue may lack: GetQueueAttributes leaves them out rather than refusing their names. */
    private static final Set<String> OPTIONAL_ATTRIBUTES = Set.of(REDRIVE_POLICY, REDELIVERY_POLICY, FIFO_QUEUE,
            CONTENT_BASED_DEDUPLICATION, DEDUPLICATION_WINDOW, DEDUPLICATION_SCOPE);

    /**
     * The answer to a GetQueueAttributes of the queue {@code name} with this config, its counts now,
     * and its times (ms): every attribute for {@code names} null or holding "All", else the ones
     * named that it has. An unknown name fails naming it.
     */
    /** The attributes {@link #describe} counts messages for. */
    private static final List<String> COUNTS = List.of("ApproximateNumberOfMessages",
            "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed");

    /** Whether {@link #describe} of {@code names} shows a count of messages: a backend may skip counting if not. */
    public static boolean countsAsked(Collection<String> names) {
        return names == null || names.contains("All") || names.stream().anyMatch(COUNTS::contains);
    }

    public Map<String, String> describe(String name, long visible, long inFlight, long delayed, long createdAt,
                                        long modifiedAt, Collection<String> names) {
        Map<String, String> all = toAttributes();
        all.put("ApproximateNumberOfMessages", Long.toString(visible));
        all.put("ApproximateNumberOfMessagesNotVisible", Long.toString(inFlight));
        all.put("ApproximateNumberOfMessagesDelayed", Long.toString(delayed));
        all.put("CreatedTimestamp", Long.toString(createdAt / 1000));
        all.put("LastModifiedTimestamp", Long.toString(modifiedAt / 1000));
        all.put("QueueArn", Names.arn(name));
        if (names == null || names.contains("All")) {
            return all;
        }
        Map<String, String> picked = new LinkedHashMap<>();
        for (String n : names) {
            if (!all.containsKey(n) && !OPTIONAL_ATTRIBUTES.contains(n)) {
                throw new QueueServiceException(INVALID_ATTRIBUTE_NAME, "unknown attribute " + n);
            }
            if (all.containsKey(n)) {
                picked.put(n, all.get(n));
            }
        }
        return picked;
    }

    /**
     * Checks the dead-letter queue of this config, the config of {@code queue}: not the queue
     * itself, and a queue of the same type. {@code deadLetterFifo} is the type of the queue it
     * names, null when there is no such queue.
     */
    public void checkDeadLetterQueue(String queue, Boolean deadLetterFifo) {
        if (redrivePolicy == null) {
            return;
        }
        String dlq = redrivePolicy.deadLetterQueue();
        if (dlq.equals(queue)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + queue + " cannot be its own dead-letter queue");
        }
        if (deadLetterFifo == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "dead-letter queue " + dlq + " does not exist");
        }
        if (deadLetterFifo != fifo) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "dead-letter queue " + dlq + " is "
                    + (deadLetterFifo ? "FIFO" : "standard") + " but queue " + queue + " is "
                    + (fifo ? "FIFO" : "standard"));
        }
    }

    private static int range(String name, String value, Range range) {
        int v;
        try {
            v = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, name + " '" + value + "' is not a number");
        }
        return range.check(name, v);
    }

    private static boolean bool(String name, String value) {
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new QueueServiceException(INVALID_PARAMETER_VALUE, name + " '" + value + "' is not true or false");
    }
}
