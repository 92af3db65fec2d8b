package org.wharfmq.jms.gateway;

import org.wharfmq.jms.message.WharfMessage;

/**
 * A message handed out by the store: where it came from, the receipt handle that acknowledges or
 * releases it (spent when {@code consumed}: the store deleted it as it was received), the
 * decoded JMS message, and the message's receive count with this delivery (its ApproximateReceiveCount).
 */
public record Delivery(String queueUrl, String receiptHandle, WharfMessage message, boolean consumed,
                       int receiveCount) {

    /** Its JMSMessageID, or the receipt handle when there is no message. */
    public String messageId() {
        return message == null ? receiptHandle : message.getJMSMessageID();
    }
}
