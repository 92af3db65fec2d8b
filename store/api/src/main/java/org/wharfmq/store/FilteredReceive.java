package org.wharfmq.store;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Optional capability: receive only the messages a predicate over headers and attributes accepts
 * (JMS selectors), waiting with millisecond precision, and cancellable. Messages the filter rejects
 * stay where they are.
 */
public interface FilteredReceive {

    /**
     * Like ReceiveMessage, but takes only messages accepted by {@code filter} (null: all) and waits
     * up to {@code waitMillis} instead of the request's wait time. The wait ends early, returning
     * nothing, once {@code cancelled} is true and {@link #wakeUp} was called for the queue, or when the
     * thread is interrupted (its interrupt flag stays set).
     */
    List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request, long waitMillis,
                                         Predicate<MessageHeaders> filter, BooleanSupplier cancelled);

    /**
     * Like {@link #receiveMessage(ReceiveMessageRequest, long, Predicate, BooleanSupplier)}, but
     * deletes what it returns, for a consumer that acknowledges on receipt (JMS AUTO_ACKNOWLEDGE).
     * The delete may join a later commit without being waited for (a crash before that commit
     * delivers the message again), or commit with the receive itself, where several processes share
     * the store and a message taken by one must be gone for all.
     * Receipt handles are spent; ReceiveRequestAttemptId is ignored.
     */
    List<ReceivedMessage> consumeMessage(ReceiveMessageRequest request, long waitMillis,
                                         Predicate<MessageHeaders> filter, BooleanSupplier cancelled);

    /**
     * Like {@link #receiveMessage(ReceiveMessageRequest, long, Predicate, BooleanSupplier)}, for a
     * consumer that deletes or releases each message right after handing it out (a JMS listener that
     * acknowledges automatically): the backend may return before the receive is durable and let the
     * DeleteMessage of such a message return before its delete is. It still writes the receive soon
     * (a later commit), so that a message whose processing kills the process is counted and reaches
     * its dead-letter queue. A crash before they are written delivers the message again, with its
     * receive count as it was.
     */
    default List<ReceivedMessage> leaseMessage(ReceiveMessageRequest request, long waitMillis,
                                               Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return receiveMessage(request, waitMillis, filter, cancelled);
    }

    /** Wakes every receive waiting on the queue so that it checks its cancellation. */
    void wakeUp(String queueUrl);
}
