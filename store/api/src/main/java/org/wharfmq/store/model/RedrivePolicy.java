package org.wharfmq.store.model;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.wharfmq.store.QueueServiceException;

/**
 * A queue's RedrivePolicy, {@code {"deadLetterTargetArn":"<queue>","maxReceiveCount":1..1000}}: its
 * dead-letter queue, by name, and the receive count after which messages move there. The target may
 * be written as a name, Wharf's ARN or (to an SQS server) the server's ARN; {@link #parse} takes the
 * first two, the lenient readers below all three.
 */
public record RedrivePolicy(String deadLetterQueue, int maxReceiveCount) {
    public static final String TARGET = "deadLetterTargetArn";
    public static final String MAX_RECEIVE_COUNT = "maxReceiveCount";

    /** Checks the dead-letter queue's name and the count's range; fails naming the bad value. */
    public RedrivePolicy {
        Names.checkQueueName(deadLetterQueue);
        Ranges.MAX_RECEIVE_COUNT.check(MAX_RECEIVE_COUNT, maxReceiveCount);
    }

    /** Parses a policy whose target is a name or Wharf's ARN; blank is no policy (null). Fails naming the bad value. */
    public static RedrivePolicy parse(String json) {
        if (json.isBlank()) {
            return null;
        }
        Map<String, String> fields = fields(json);
        String target = fields.get(TARGET);
        String max = fields.get(MAX_RECEIVE_COUNT);
        if (target == null || max == null || fields.size() != 2) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, QueueConfig.REDRIVE_POLICY + " " + json
                    + " must hold exactly " + TARGET + " and " + MAX_RECEIVE_COUNT);
        }
        String deadLetterQueue = Names.queueNameOfTarget(target);
        int count;
        try {
            count = Integer.parseInt(max.trim());
        } catch (NumberFormatException e) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, MAX_RECEIVE_COUNT + " '" + max
                    + "' is not a number");
        }
        return new RedrivePolicy(deadLetterQueue, count);
    }

    /** The fields of {@code json} as written, unchecked; fails if it is not a flat JSON object. */
    static Map<String, String> fields(String json) {
        return FlatJson.parse(json, QueueConfig.REDRIVE_POLICY);
    }

    /** The target of {@code json} as written, or null if it is not a flat JSON object with one. Never fails. */
    public static String targetOf(String json) {
        if (json == null || json.isBlank()) {
            return null;
        }
        try {
            return fields(json).get(TARGET);
        } catch (QueueServiceException e) {
            return null;
        }
    }

    /**
     * The name of the dead-letter queue {@code json} names: its target after the last {@code :} of an
     * ARN, Wharf's or a server's; null if it names none. Never fails.
     */
    public static String deadLetterNameOf(String json) {
        String target = targetOf(json);
        String name = target == null ? "" : target.substring(target.lastIndexOf(':') + 1);
        return name.isEmpty() ? null : name;
    }

    /** The maxReceiveCount of {@code json} as written, or 0 if it has none that is a number. Never fails. */
    public static int maxReceiveCountOf(String json) {
        if (json == null || json.isBlank()) {
            return 0;
        }
        try {
            String max = fields(json).get(MAX_RECEIVE_COUNT);
            return max == null ? 0 : Integer.parseInt(max.trim());
        } catch (QueueServiceException | NumberFormatException e) {
            return 0;
        }
    }

    /**
     * {@code json} with its target replaced by {@code rewrite} of it, the other fields kept; the text
     * as it was when the target stays the same or {@code json} has none.
     */
    public static String withTarget(String json, UnaryOperator<String> rewrite) {
        String target = targetOf(json);
        String rewritten = target == null ? null : rewrite.apply(target);
        if (rewritten == null || rewritten.equals(target)) {
            return json;
        }
        Map<String, String> fields = new LinkedHashMap<>(fields(json));
        fields.put(TARGET, rewritten);
        return FlatJson.write(fields);
    }

    public String toJson() {
        return "{\"" + TARGET + "\":\"" + Names.arn(deadLetterQueue) + "\",\"" + MAX_RECEIVE_COUNT + "\":"
                + maxReceiveCount + "}";
    }
}
