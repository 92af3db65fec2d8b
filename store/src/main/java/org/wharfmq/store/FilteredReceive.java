package org.wharfmq.store;

import java.util.function.Predicate;

/**
 * Optional capability: receive only the messages a predicate over headers and attributes accepts
 * (JMS selectors), waiting with millisecond precision. Messages the filter rejects stay where they are.
 */
public interface FilteredReceive {

    /**
     * Like ReceiveMessage, but takes only messages accepted by {@code filter} (null: all) and
     * waits up to {@code waitMillis} instead of the request's wait time. A thread interrupt ends
     * the wait and returns what is there (possibly nothing) with the interrupt flag set.
     */
    java.util.List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request, long waitMillis,
                                                   Predicate<MessageView> filter);
}
