package org.wharfmq.store;

import java.util.Map;

/** What a filter may look at: a message's headers and user attributes, not its body. */
public interface MessageHeaders {
    String messageId();

    long sentTimestamp();

    /** 0..9; 4 when the sender gave none. */
    int priority();

    /** Epoch millis after which the message is dropped; 0 for never. */
    long expirationTime();

    int receiveCount();

    String messageGroupId();

    Map<String, MessageAttributeValue> messageAttributes();
}
