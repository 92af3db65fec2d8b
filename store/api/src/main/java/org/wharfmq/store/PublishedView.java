package org.wharfmq.store;

import java.util.Map;

/** A message being published, as a {@link Topics#publish} filter sees it: never received yet. */
public record PublishedView(String messageId, long sentTimestamp, MessageOptions.Options options,
                            SendMessageRequest request) implements MessageHeaders {
    @Override
    public int priority() {
        return options.priority();
    }

    @Override
    public long expirationTime() {
        return options.expirationTime();
    }

    @Override
    public int receiveCount() {
        return 0;
    }

    @Override
    public String messageGroupId() {
        return request.messageGroupId();
    }

    @Override
    public Map<String, MessageAttributeValue> messageAttributes() {
        return request.messageAttributes();
    }
}
