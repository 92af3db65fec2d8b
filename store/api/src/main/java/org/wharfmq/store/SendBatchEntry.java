package org.wharfmq.store;

import java.util.Map;

/** One entry of SendMessageBatch: its batch id and the message. */
public record SendBatchEntry(String id, String messageBody, Integer delaySeconds,
                             Map<String, MessageAttributeValue> messageAttributes,
                             String messageGroupId, String messageDeduplicationId) {

    public SendBatchEntry {
        messageAttributes = messageAttributes == null ? Map.of() : Map.copyOf(messageAttributes);
    }

    public static SendBatchEntry of(String id, String body) {
        return new SendBatchEntry(id, body, null, null, null, null);
    }

    /** This entry as a single send to {@code queueUrl}. */
    public SendMessageRequest toRequest(String queueUrl) {
        return new SendMessageRequest(queueUrl, messageBody, delaySeconds, messageAttributes, messageGroupId,
                messageDeduplicationId);
    }
}
