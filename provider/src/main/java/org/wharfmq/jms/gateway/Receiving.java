package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;

/**
 * Receives through {@link FilteredReceive} when the backend has it. Without it, plain
 * ReceiveMessage calls of at most one second each (so a closing consumer is seen within a second)
 * take whatever is visible; messages the selector rejects are made visible again at once, and a
 * round that found nothing for the selector backs off before the next. Such a rejected receive still
 * counts toward the message's receive count, and so toward its queue's maxReceiveCount.
 */
final class Receiving {
    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long SHORT_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final QueueService service;
    private final FilteredReceive filtered;

    Receiving(QueueService service, FilteredReceive filtered) {
        this.service = service;
        this.filtered = filtered;
    }

    List<ReceivedMessage> receive(String queueUrl, int max, Integer visibility, long waitMillis,
                                  Predicate<MessageView> filter, boolean consume, BooleanSupplier cancelled) {
        if (filtered != null) {
            if (consume) {
                return filtered.consumeMessage(new ReceiveMessageRequest(queueUrl, 1, null, null, null), waitMillis,
                        filter, cancelled);
            }
            return filtered.receiveMessage(new ReceiveMessageRequest(queueUrl, max, visibility, null, null),
                    waitMillis, filter, cancelled);
        }
        return plain(queueUrl, consume ? 1 : max, visibility, waitMillis, filter, consume, cancelled);
    }

    private List<ReceivedMessage> plain(String queueUrl, int max, Integer visibility, long waitMillis,
                                        Predicate<MessageView> filter, boolean consume, BooleanSupplier cancelled) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        long backoff = TimeUnit.MILLISECONDS.toNanos(20);
        while (true) {
            long left = deadline - System.nanoTime();
            int waitSeconds = left >= TimeUnit.SECONDS.toNanos(1) ? 1 : 0;
            List<ReceivedMessage> got = service.receiveMessage(
                    new ReceiveMessageRequest(queueUrl, max, visibility, waitSeconds, null));
            List<ReceivedMessage> taken = new ArrayList<>(got.size());
            for (ReceivedMessage rm : got) {
                if (filter == null || filter.test(rm)) {
                    taken.add(rm);
                } else {
                    releaseQuietly(queueUrl, rm.receiptHandle());
                }
            }
            if (consume) {
                for (ReceivedMessage rm : taken) {
                    service.deleteMessage(queueUrl, rm.receiptHandle());
                }
            }
            left = deadline - System.nanoTime();
            if (!taken.isEmpty() || left <= 0 || cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                return taken;
            }
            if (!got.isEmpty()) {
                // Only messages for other selectors: give them time to be taken elsewhere.
                LockSupport.parkNanos(Math.min(backoff, left));
                backoff = Math.min(backoff * 2, MAX_BACKOFF_NANOS);
            } else if (waitSeconds == 0) {
                // Less than the one-second unit of a long poll is left.
                LockSupport.parkNanos(Math.min(SHORT_WAIT_NANOS, left));
            }
        }
    }

    private void releaseQuietly(String queueUrl, String receiptHandle) {
        try {
            service.changeMessageVisibility(queueUrl, receiptHandle, 0);
        } catch (QueueServiceException e) {
            // Visible again already.
        }
    }

    /** True when the backend filters and cancels receives itself. */
    boolean filtered() {
        return filtered != null;
    }

    void wakeUp(String queueUrl) {
        if (filtered != null) {
            filtered.wakeUp(queueUrl);
        }
    }
}
