package org.wharfmq.store.model;

import static org.wharfmq.store.ErrorCodes.INVALID_ATTRIBUTE_NAME;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.util.LinkedHashMap;
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

    public static final int DEFAULT_DEDUPLICATION_WINDOW = 300;

    /** A dead-letter queue (by name) and the receive count after which messages move there. */
    public record RedrivePolicy(String deadLetterQueue, int maxReceiveCount) {
        public String toJson() {
            return "{\"deadLetterTargetArn\":\"" + Names.arn(deadLetterQueue) + "\",\"maxReceiveCount\":"
                    + maxReceiveCount + "}";
        }
    }

    /**
     * Wharf's attribute, not the model's: how long a message its consumer gives back (a rollback,
     * a recover, a failed listener) stays invisible, {@code min(maxDelaySeconds, initialDelaySeconds
     * * multiplier^(receiveCount-1))}; the consumer applies it with ChangeMessageVisibility.
     */
    public record RedeliveryPolicy(int initialDelaySeconds, double multiplier, int maxDelaySeconds) {
        public static final int MAX_SECONDS = 43200;
        public static final double MAX_MULTIPLIER = 10.0;

        /** Checks the ranges; fails naming the bad value. */
        public RedeliveryPolicy {
            check("initialDelaySeconds", initialDelaySeconds);
            check("maxDelaySeconds", maxDelaySeconds);
            if (!(multiplier >= 1.0 && multiplier <= MAX_MULTIPLIER)) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, REDELIVERY_POLICY + " multiplier "
                        + multiplier + " is out of range 1.0.." + MAX_MULTIPLIER);
            }
            if (maxDelaySeconds < initialDelaySeconds) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, REDELIVERY_POLICY + " maxDelaySeconds "
                        + maxDelaySeconds + " is below initialDelaySeconds " + initialDelaySeconds);
            }
        }

        private static void check(String field, int seconds) {
            if (seconds < 0 || seconds > MAX_SECONDS) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, REDELIVERY_POLICY + " " + field + " "
                        + seconds + " is out of range 0.." + MAX_SECONDS);
            }
        }

        /**
         * Parses {@code {"initialDelaySeconds":1,"multiplier":2,"maxDelaySeconds":300}}; multiplier
         * defaults to 1, maxDelaySeconds to 43200. Blank is no policy (null).
         */
        public static RedeliveryPolicy parse(String json) {
            if (json.isBlank()) {
                return null;
            }
            Map<String, String> fields = new LinkedHashMap<>(FlatJson.parse(json, REDELIVERY_POLICY));
            String initial = fields.remove("initialDelaySeconds");
            String multiplier = fields.remove("multiplier");
            String max = fields.remove("maxDelaySeconds");
            if (initial == null || !fields.isEmpty()) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, REDELIVERY_POLICY + " " + json
                        + " must hold initialDelaySeconds, and may hold multiplier and maxDelaySeconds, nothing else");
            }
            double m;
            try {
                m = multiplier == null ? 1.0 : Double.parseDouble(multiplier);
            } catch (NumberFormatException e) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, REDELIVERY_POLICY + " multiplier '"
                        + multiplier + "' is not a number");
            }
            return new RedeliveryPolicy(range("initialDelaySeconds", initial, 0, MAX_SECONDS), m,
                    max == null ? MAX_SECONDS : range("maxDelaySeconds", max, 0, MAX_SECONDS));
        }

        public String toJson() {
            return "{\"initialDelaySeconds\":" + initialDelaySeconds + ",\"multiplier\":"
                    + new java.math.BigDecimal(Double.toString(multiplier)).stripTrailingZeros().toPlainString()
                    + ",\"maxDelaySeconds\":" + maxDelaySeconds + "}";
        }
    }

    /** The defaults of a new queue. */
    public static QueueConfig defaults(boolean fifo, int deduplicationWindow) {
        return new QueueConfig(fifo, 30, 345600, 0, 0, 262144, null, false, deduplicationWindow, "queue",
                null);
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
            case VISIBILITY_TIMEOUT -> new QueueConfig(fifo, range(name, value, 0, 43200), messageRetentionPeriod,
                    delaySeconds, receiveMessageWaitTimeSeconds, maximumMessageSize, redrivePolicy,
                    contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case MESSAGE_RETENTION_PERIOD -> new QueueConfig(fifo, visibilityTimeout,
                    range(name, value, 60, 1209600), delaySeconds, receiveMessageWaitTimeSeconds, maximumMessageSize,
                    redrivePolicy, contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case DELAY_SECONDS -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod,
                    range(name, value, 0, 900), receiveMessageWaitTimeSeconds, maximumMessageSize, redrivePolicy,
                    contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case RECEIVE_MESSAGE_WAIT_TIME_SECONDS -> new QueueConfig(fifo, visibilityTimeout,
                    messageRetentionPeriod, delaySeconds, range(name, value, 0, 20), maximumMessageSize,
                    redrivePolicy, contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case MAXIMUM_MESSAGE_SIZE -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod,
                    delaySeconds, receiveMessageWaitTimeSeconds, range(name, value, 1024, 262144), redrivePolicy,
                    contentBasedDeduplication, deduplicationWindow, deduplicationScope, redeliveryPolicy);
            case REDRIVE_POLICY -> new QueueConfig(fifo, visibilityTimeout, messageRetentionPeriod, delaySeconds,
                    receiveMessageWaitTimeSeconds, maximumMessageSize, parseRedrivePolicy(value),
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
                    contentBasedDeduplication, range(name, value, 20, 604800), deduplicationScope,
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

    private static int range(String name, String value, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, name + " '" + value + "' is not a number");
        }
        if (v < min || v > max) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    name + " " + v + " is out of range " + min + ".." + max);
        }
        return v;
    }

    private static boolean bool(String name, String value) {
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new QueueServiceException(INVALID_PARAMETER_VALUE, name + " '" + value + "' is not true or false");
    }

    private static RedrivePolicy parseRedrivePolicy(String json) {
        if (json.isBlank()) {
            return null;
        }
        Map<String, String> fields = FlatJson.parse(json, REDRIVE_POLICY);
        String target = fields.get("deadLetterTargetArn");
        String max = fields.get("maxReceiveCount");
        if (target == null || max == null || fields.size() != 2) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "RedrivePolicy " + json
                    + " must hold exactly deadLetterTargetArn and maxReceiveCount");
        }
        return new RedrivePolicy(Names.queueNameOfTarget(target), range("maxReceiveCount", max, 1, 1000));
    }
}
