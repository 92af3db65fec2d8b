package org.wharfmq.store.sqs.testing;

import java.util.Map;
import java.util.Set;

/**
 * Rules 4 and 5: what YMQ lacks and how large a message may be, checked on the request before it
 * goes on. Each refusal is the error the linked page of yandex-cloud/docs names.
 */
final class YmqRules {
    static final String DOCS = "https://github.com/yandex-cloud/docs/blob/master/en/message-queue/";

    /**
     * SQS actions with no page in YMQ's API reference ({@value #DOCS}api-ref/), answered as an unknown
     * action: 400 {@code InvalidAction}, "The Action parameter value is unknown"
     * (<a href="https://github.com/yandex-cloud/docs/blob/master/en/message-queue/api-ref/common-errors.md">common errors</a>).
     */
    static final Set<String> MISSING_ACTIONS = Set.of("StartMessageMoveTask", "ListMessageMoveTasks",
            "CancelMessageMoveTask", "ListDeadLetterSourceQueues");

    /**
     * Queue attributes of SQS that YMQ's CreateQueue, SetQueueAttributes and GetQueueAttributes pages
     * do not list; those pages name 400 {@code InvalidAttributeName} for "the attribute name is invalid".
     * ElasticMQ ignores them when given and never lists them, so GetQueueAttributes' {@code All} needs no rewriting.
     */
    static final Set<String> MISSING_ATTRIBUTES = Set.of("DeduplicationScope", "FifoThroughputLimit",
            "RedriveAllowPolicy");

    /** "Maximum message size: 262,144 bytes (256 KB)", ymq-limits.md; also SendMessageBatch's whole batch. */
    static final long MAX_MESSAGE_BYTES = 262_144;
    /** MaximumMessageSize "from 1024 bytes (1 KB) to 262144 bytes (256 KB)", CreateQueue.md and SetQueueAttributes.md. */
    static final long MIN_MAXIMUM_MESSAGE_SIZE = 1024;

    private YmqRules() {
    }

    /** The refusal one of these rules gives the call, or null when they all let it through. */
    static YmqReply refusal(YmqCall call) {
        String action = call.action();
        if (MISSING_ACTIONS.contains(action)) {
            return call.error(400, "InvalidAction", "The action " + action + " is not valid for this endpoint.");
        }
        return switch (action) {
            case "CreateQueue", "SetQueueAttributes" -> queueAttributes(call, call.queueAttributes());
            case "GetQueueAttributes" -> attributeNames(call);
            case "ReceiveMessage" -> receiveAttributeNames(call);
            case "SendMessage" -> messageSize(call);
            case "SendMessageBatch" -> batchSize(call);
            default -> null;
        };
    }

    private static YmqReply queueAttributes(YmqCall call, Map<String, String> attributes) {
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            if (MISSING_ATTRIBUTES.contains(a.getKey())) {
                return call.error(400, "InvalidAttributeName", "Unknown Attribute " + a.getKey() + ".");
            }
            if (a.getKey().equals("MaximumMessageSize") && !sizeInRange(a.getValue())) {
                // "The parameter value is incorrect or outside of the allowed range", common-errors.md.
                return call.error(400, "InvalidParameterValue", "MaximumMessageSize is " + a.getValue()
                        + ": it must be from " + MIN_MAXIMUM_MESSAGE_SIZE + " to " + MAX_MESSAGE_BYTES + " bytes.");
            }
        }
        return null;
    }

    private static boolean sizeInRange(String value) {
        try {
            long size = Long.parseLong(value.trim());
            return size >= MIN_MAXIMUM_MESSAGE_SIZE && size <= MAX_MESSAGE_BYTES;
        } catch (NumberFormatException notANumber) {
            return true; // ElasticMQ refuses it in its own words
        }
    }

    private static YmqReply attributeNames(YmqCall call) {
        for (String name : call.attributeNames()) {
            if (MISSING_ATTRIBUTES.contains(name)) {
                return call.error(400, "InvalidAttributeName", "Unknown Attribute " + name + ".");
            }
        }
        return null;
    }

    /**
     * YMQ's <a href="https://github.com/yandex-cloud/docs/blob/master/en/message-queue/api-ref/message/ReceiveMessage.md">ReceiveMessage</a>
     * takes receive attributes only as {@code AttributeName.N}; the newer {@code MessageSystemAttributeName.N}
     * is a parameter it does not have: 400 {@code InvalidQueryParameter}, "a nonexistent parameter is used"
     * (common-errors.md).
     */
    private static YmqReply receiveAttributeNames(YmqCall call) {
        if (call.namesMessageSystemAttributes()) {
            return call.error(400, "InvalidQueryParameter", "ReceiveMessage has no parameter MessageSystemAttributeName"
                    + " (MessageSystemAttributeNames); name receive attributes with AttributeName.");
        }
        return null;
    }

    /** "outside of the allowed range": 400 {@code InvalidParameterValue} (common-errors.md), as SQS answers too. */
    private static YmqReply messageSize(YmqCall call) {
        for (long size : call.messageSizes()) {
            if (size > MAX_MESSAGE_BYTES) {
                return call.error(400, "InvalidParameterValue", "One or more parameters are invalid. Reason: Message must be"
                        + " shorter than " + MAX_MESSAGE_BYTES + " bytes; it is " + size + " bytes with its attributes.");
            }
        }
        return null;
    }

    /**
     * "The maximum batch size is 256 KB", 400 {@code BatchRequestTooLong}
     * (<a href="https://github.com/yandex-cloud/docs/blob/master/en/message-queue/api-ref/message/SendMessageBatch.md">SendMessageBatch</a>);
     * a single message over the limit makes the batch too long as well.
     */
    private static YmqReply batchSize(YmqCall call) {
        long total = call.messageSizes().stream().mapToLong(Long::longValue).sum();
        if (total > MAX_MESSAGE_BYTES) {
            return call.error(400, "BatchRequestTooLong", "Batch requests cannot be longer than " + MAX_MESSAGE_BYTES
                    + " bytes; this one is " + total + " bytes.");
        }
        return null;
    }
}
