package org.wharfmq.store;

import java.util.Map;

/**
 * SendMessage's parameters. {@code delaySeconds} null means the queue's DelaySeconds;
 * {@code messageGroupId} and {@code messageDeduplicationId} are for FIFO queues.
 */
public record SendMessageRequest(String queueUrl, String messageBody, Integer delaySeconds,
                                 Map<String, MessageAttributeValue> messageAttributes,
                                 String messageGroupId, String messageDeduplicationId) {

    public SendMessageRequest {
        messageAttributes = messageAttributes == null ? Map.of() : Map.copyOf(messageAttributes);
    }

    /** A plain message for a standard queue. */
    public static SendMessageRequest of(String queueUrl, String body) {
        return new SendMessageRequest(queueUrl, body, null, null, null, null);
    }

    /** A message for a FIFO queue. */
    public static SendMessageRequest fifo(String queueUrl, String body, String groupId, String deduplicationId) {
        return new SendMessageRequest(queueUrl, body, null, null, groupId, deduplicationId);
    }

    public SendMessageRequest withDelaySeconds(Integer seconds) {
        return new SendMessageRequest(queueUrl, messageBody, seconds, messageAttributes, messageGroupId,
                messageDeduplicationId);
    }

    public SendMessageRequest withAttributes(Map<String, MessageAttributeValue> attributes) {
        return new SendMessageRequest(queueUrl, messageBody, delaySeconds, attributes, messageGroupId,
                messageDeduplicationId);
    }
}
