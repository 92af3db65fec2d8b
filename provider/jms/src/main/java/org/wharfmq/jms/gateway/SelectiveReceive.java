package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;

/**
 * One receive of the messages a selector's filter takes: through {@link FilteredReceive} when the
 * backend has it. Without it, plain
 * ReceiveMessage calls (long polls of at most one second, so a closing consumer is seen within a
 * second) scan the queue: messages the selector rejects stay in flight until the scan ends, then
 * are made visible again; a scan that found only such messages backs off before the next. A
 * rejected receive still counts toward the message's receive count, and so toward its queue's
 * maxReceiveCount.
 */
final class SelectiveReceive {
    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long SHORT_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** Messages taken per receive while scanning for a selector's. */
    private static final int SCAN = 10;

    private final QueueService service;
    private final FilteredReceive filtered;

    SelectiveReceive(QueueService service, FilteredReceive filtered) {
        this.service = service;
        this.filtered = filtered;
    }

    /** With {@code lease}, for messages settled right after they are handed out ({@link FilteredReceive#leaseMessage}). */
    List<ReceivedMessage> receive(String queueUrl, int max, Integer visibility, long waitMillis,
                                  Predicate<MessageHeaders> filter, boolean consume, boolean lease,
                                  BooleanSupplier cancelled) {
        if (filtered != null) {
            if (lease && !consume) {
                return filtered.leaseMessage(new ReceiveMessageRequest(queueUrl, max, visibility, null, null),
                        waitMillis, filter, cancelled);
            }
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
                                        Predicate<MessageHeaders> filter, boolean consume, BooleanSupplier cancelled) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        long backoff = TimeUnit.MILLISECONDS.toNanos(20);
        while (true) {
            List<ReceivedMessage> taken = new ArrayList<>();
            List<String> rejected = new ArrayList<>();
            boolean longPoll = false;
            try {
                // One scan: what the filter rejects stays in flight until the scan ends, so that
                // the next receive sees the messages behind it.
                while (taken.isEmpty()) {
                    longPoll = rejected.isEmpty() && deadline - System.nanoTime() >= TimeUnit.SECONDS.toNanos(1);
                    List<ReceivedMessage> got = service.receiveMessage(new ReceiveMessageRequest(queueUrl,
                            filter == null ? max : SCAN, visibility, longPoll ? 1 : 0, null));
                    if (got.isEmpty()) {
                        break;
                    }
                    for (ReceivedMessage rm : got) {
                        if (taken.size() < max && (filter == null || filter.test(rm))) {
                            taken.add(rm);
                        } else {
                            rejected.add(rm.receiptHandle());
                        }
                    }
                }
            } finally {
                rejected.forEach(handle -> releaseQuietly(queueUrl, handle));
            }
            if (consume) {
                for (ReceivedMessage rm : taken) {
                    service.deleteMessage(queueUrl, rm.receiptHandle());
                }
            }
            long left = deadline - System.nanoTime();
            if (!taken.isEmpty() || left <= 0 || cancelled.getAsBoolean() || Thread.currentThread().isInterrupted()) {
                return taken;
            }
            if (!rejected.isEmpty()) {
                // Only messages for other selectors: give them time to be taken elsewhere.
                LockSupport.parkNanos(Math.min(backoff, left));
                backoff = Math.min(backoff * 2, MAX_BACKOFF_NANOS);
            } else if (!longPoll) {
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

    void wakeUp(String queueUrl) {
        if (filtered != null) {
            filtered.wakeUp(queueUrl);
        }
    }
}
