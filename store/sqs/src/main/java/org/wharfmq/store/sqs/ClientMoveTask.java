package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoveTask.Status;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * One message move task run by this process: it receives the dead-letter queue's messages, hidden
 * for {@value #HOLD_SECONDS} s, and sends each to its destination, then deletes it from the
 * dead-letter queue; a message not sent is made visible again at once. A moved message keeps its
 * body, attributes, group id and (to a FIFO queue) deduplication id, and its MessageId in
 * {@value ServerMessages#ID_ATTRIBUTE} (the server's original id when it had none). Without a
 * destination a message goes to the queue its DeadLetterQueueSourceArn names, else to the dead-letter
 * queue's only source. The task ends COMPLETED at the first empty receive, FAILED at the first error
 * (naming the message), CANCELLED when asked. With a rate it receives at most that many messages in
 * each second.
 */
final class ClientMoveTask implements Runnable {
    /** How long a received message stays hidden while it is moved; a crashed task's come back after it. */
    static final int HOLD_SECONDS = 60;
    private static final int BATCH = 10;
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final SqsClient client;
    private final ServerQueues queues;
    private final String handle;
    private final String sourceUrl;
    private final String destinationUrl;
    private final Integer rate;
    private final List<String> sources;
    private final long toMove;
    private final long started = System.currentTimeMillis();
    private final AtomicLong moved = new AtomicLong();
    private final CountDownLatch stopped = new CountDownLatch(1);
    /** The URLs of the source queues messages named by DeadLetterQueueSourceArn, by ARN. */
    private final Map<String, String> urlsByArn = new HashMap<>();
    private volatile Status status = Status.RUNNING;
    private volatile String failureReason;
    private boolean cancelled;

    /**
     * A task moving {@code sourceUrl}'s messages to {@code destinationUrl}, or when that is null back to
     * {@code sources} (the queues that dead-letter into it); {@code toMove} is the source's depth at the start.
     */
    ClientMoveTask(SqsClient client, ServerQueues queues, String handle, String sourceUrl, String destinationUrl,
                   Integer rate, List<String> sources, long toMove) {
        this.client = client;
        this.queues = queues;
        this.handle = handle;
        this.sourceUrl = sourceUrl;
        this.destinationUrl = destinationUrl;
        this.rate = rate;
        this.sources = sources;
        this.toMove = toMove;
    }

    String handle() {
        return handle;
    }

    boolean running() {
        return status == Status.RUNNING || status == Status.CANCELLING;
    }

    MessageMoveTask view() {
        return new MessageMoveTask(handle, status, sourceUrl, destinationUrl, rate, moved.get(), toMove,
                failureReason, started);
    }

    @Override
    public void run() {
        try {
            long windowEnd = System.nanoTime() + SECOND;
            int inWindow = 0;
            while (!isCancelled()) {
                if (System.nanoTime() - windowEnd >= 0) {
                    windowEnd = System.nanoTime() + SECOND;
                    inWindow = 0;
                }
                int n = rate == null ? BATCH : Math.min(BATCH, rate - inWindow);
                if (n == 0) {
                    awaitUntil(windowEnd);
                    continue;
                }
                List<Message> got = receive(n);
                if (got.isEmpty()) {
                    end(Status.COMPLETED, null);
                    return;
                }
                inWindow += got.size();
                moveAll(got);
            }
            end(Status.CANCELLED, null);
        } catch (QueueServiceException e) {
            end(Status.FAILED, e.getMessage());
        } catch (RuntimeException e) {
            end(Status.FAILED, e.toString());
        } finally {
            stopped.countDown();
        }
    }

    /** Ends the task; one that was asked to stop ends CANCELLED unless it failed. */
    private synchronized void end(Status how, String reason) {
        status = cancelled && how != Status.FAILED ? Status.CANCELLED : how;
        failureReason = reason;
    }

    private List<Message> receive(int n) {
        return SqsErrors.call("ReceiveMessage from " + sourceUrl, () -> client.receiveMessage(r -> r
                .queueUrl(sourceUrl).maxNumberOfMessages(n).visibilityTimeout(HOLD_SECONDS).waitTimeSeconds(1)
                .messageSystemAttributeNamesWithStrings("All").messageAttributeNames("All"))).messages();
    }

    /** Moves {@code got} in order, one at a time; what is not moved is made visible again. */
    private void moveAll(List<Message> got) {
        int i = 0;
        try {
            for (; i < got.size() && !isCancelled(); i++) {
                Message m = got.get(i);
                send(m, destinationOf(m));
                SqsErrors.call("DeleteMessage of message " + idOf(m) + " from " + sourceUrl,
                        () -> client.deleteMessage(r -> r.queueUrl(sourceUrl).receiptHandle(m.receiptHandle())));
                moved.incrementAndGet();
            }
        } finally {
            release(got.subList(i, got.size()));
        }
    }

    private static String idOf(Message m) {
        MessageAttributeValue id = m.messageAttributes().get(ServerMessages.ID_ATTRIBUTE);
        return id != null ? id.stringValue() : m.messageId();
    }

    private String destinationOf(Message m) {
        if (destinationUrl != null) {
            return destinationUrl;
        }
        String from = m.attributesAsStrings().get("DeadLetterQueueSourceArn");
        if (from != null) {
            return urlsByArn.computeIfAbsent(from, arn -> queues.url(arn.substring(arn.lastIndexOf(':') + 1)));
        }
        if (sources.size() == 1) {
            return sources.get(0);
        }
        throw new QueueServiceException(INVALID_PARAMETER_VALUE, "message " + idOf(m) + " has no source queue to"
                + " go back to: it does not name one and " + sources.size() + " queues dead-letter into "
                + ServerQueues.name(sourceUrl) + "; name a destination");
    }

    private void send(Message m, String to) {
        Map<String, MessageAttributeValue> attributes = new HashMap<>(m.messageAttributes());
        attributes.putIfAbsent(ServerMessages.ID_ATTRIBUTE,
                MessageAttributeValue.builder().dataType("String").stringValue(m.messageId()).build());
        Map<String, String> system = m.attributesAsStrings();
        boolean fifo = Names.isFifo(ServerQueues.name(to));
        String deduplicationId = fifo ? system.get("MessageDeduplicationId") : null;
        String sent = SqsErrors.call("SendMessage of message " + idOf(m) + " to " + to, () -> client.sendMessage(r -> r
                .queueUrl(to).messageBody(m.body()).messageAttributes(attributes)
                .messageGroupId(system.get("MessageGroupId")).messageDeduplicationId(deduplicationId))).messageId();
        if (fifo && sent.equals(m.messageId())) {
            // The server answers a duplicate with the original's MessageId, and drops it.
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "message " + idOf(m) + " was taken by "
                    + ServerQueues.name(to) + " as a duplicate of its original send (MessageDeduplicationId "
                    + deduplicationId + ", within the 5-minute deduplication interval) and left in "
                    + ServerQueues.name(sourceUrl) + "; move it again later");
        }
    }

    /** Makes {@code messages} visible again; if that fails they come back after the hold. */
    private void release(List<Message> messages) {
        if (messages.isEmpty()) {
            return;
        }
        List<ChangeMessageVisibilityBatchRequestEntry> entries = new ArrayList<>();
        for (Message m : messages) {
            entries.add(ChangeMessageVisibilityBatchRequestEntry.builder().id("m" + entries.size())
                    .receiptHandle(m.receiptHandle()).visibilityTimeout(0).build());
        }
        try {
            SqsErrors.call("ChangeMessageVisibilityBatch in " + sourceUrl, () -> client
                    .changeMessageVisibilityBatch(r -> r.queueUrl(sourceUrl).entries(entries)));
        } catch (QueueServiceException e) {
            // Hidden for HOLD_SECONDS at most.
        }
    }

    private synchronized boolean isCancelled() {
        return cancelled;
    }

    /** Waits until {@code deadline} (System.nanoTime), or until the task is cancelled. */
    private synchronized void awaitUntil(long deadline) {
        long left;
        while (!cancelled && (left = deadline - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancelled = true;
            }
        }
    }

    /** Asks the task to stop after the message it is moving; false if it is not running. */
    synchronized boolean stop() {
        if (status != Status.RUNNING) {
            return false;
        }
        cancelled = true;
        status = Status.CANCELLING;
        notifyAll();
        return true;
    }

    /** Waits up to {@code millis} for the task to stop; true if it did. */
    boolean awaitStopped(long millis) {
        try {
            return stopped.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
