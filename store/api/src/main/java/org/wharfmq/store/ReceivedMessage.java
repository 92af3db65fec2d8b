package org.wharfmq.store;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A received (or browsed) message. {@code receiptHandle} is null for a browsed one.
 * {@code sequenceNumber}, {@code messageGroupId} and {@code messageDeduplicationId} are set on FIFO
 * queues only (and {@code messageGroupId} on a standard queue where the backend offers
 * {@link FairQueues}); {@code priority} and {@code expirationTime} are Wharf's {@link MessageOptions};
 * {@code senderId} is the sender's account or user as the server names it, null where the backend has none.
 */
public record ReceivedMessage(String messageId, String receiptHandle, String body, String md5OfBody,
                              long sentTimestamp, int receiveCount, long firstReceiveTimestamp,
                              String messageGroupId, String messageDeduplicationId, String sequenceNumber,
                              int priority, long expirationTime,
                              Map<String, MessageAttributeValue> messageAttributes, String senderId)
        implements MessageHeaders {

    public ReceivedMessage {
        messageAttributes = messageAttributes == null ? Map.of() : Map.copyOf(messageAttributes);
    }

    /** A message without a sender, as a backend that keeps none has it. */
    public ReceivedMessage(String messageId, String receiptHandle, String body, String md5OfBody,
                           long sentTimestamp, int receiveCount, long firstReceiveTimestamp,
                           String messageGroupId, String messageDeduplicationId, String sequenceNumber,
                           int priority, long expirationTime, Map<String, MessageAttributeValue> messageAttributes) {
        this(messageId, receiptHandle, body, md5OfBody, sentTimestamp, receiveCount, firstReceiveTimestamp,
                messageGroupId, messageDeduplicationId, sequenceNumber, priority, expirationTime, messageAttributes,
                null);
    }

    /** The SQS system attributes of this message, as ReceiveMessage's AttributeNames=All shows them. */
    public Map<String, String> systemAttributes() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("SentTimestamp", Long.toString(sentTimestamp));
        a.put("ApproximateReceiveCount", Integer.toString(receiveCount));
        a.put("ApproximateFirstReceiveTimestamp", Long.toString(firstReceiveTimestamp));
        if (messageGroupId != null) {
            a.put("MessageGroupId", messageGroupId);
        }
        if (messageDeduplicationId != null) {
            a.put("MessageDeduplicationId", messageDeduplicationId);
        }
        if (sequenceNumber != null) {
            a.put("SequenceNumber", sequenceNumber);
        }
        if (senderId != null) {
            a.put("SenderId", senderId);
        }
        return a;
    }
}
