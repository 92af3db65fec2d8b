package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_TRANSACTION_STATE;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.Names;

/**
 * A local transaction on SQS: sends, publishes, deletes and visibility changes are buffered and go
 * to the server at {@link #commit()}, in batches of up to 10 per queue.
 *
 * <p><b>MessageIds.</b> SQS gives a message its id only when it is sent, but a buffered send must
 * return the id the message will have. So every message sent here (and every copy of a publish) gets
 * a Wharf MessageId ({@link MessageIds}) when it is buffered; it travels in the message attribute
 * {@value ServerMessages#ID_ATTRIBUTE}, which receive turns back into {@code messageId} (and hides).
 * A FIFO send without a MessageDeduplicationId, to a queue without ContentBasedDeduplication, gets
 * that id as its deduplication id too, fixed at buffer time: a send that is repeated (by the SDK's
 * retries or a retried commit) within SQS's 5 minutes is dropped as a duplicate. A FIFO send that
 * duplicates an earlier message is not delivered, and the id returned for it names no message.
 *
 * <p><b>Commit is not atomic on SQS.</b> It runs in four steps, so that a failure or a crash can
 * leave duplicates but never lose a message:
 * <ol>
 * <li>every message to delete is hidden for {@value #HOLD_SECONDS} s (ChangeMessageVisibilityBatch).
 *     This checks the receipt handles on servers that reject stale ones (ElasticMQ does; Amazon SQS
 *     may accept a stale handle and do nothing) and keeps the messages from being delivered again
 *     while the commit runs. A refused handle fails the commit here, before anything is sent; the
 *     messages of the handles that were taken stay hidden until the caller makes them visible;</li>
 * <li>the sends and publishes, per queue in buffer order;</li>
 * <li>the deletes. An entry refused as {@code ReceiptHandleIsInvalid} within the hold counts as
 *     deleted: step 1 took its handle, so an earlier attempt of the request deleted it and lost its
 *     answer (ElasticMQ refuses such a retry; Amazon SQS answers it with success);</li>
 * <li>the visibility changes.</li>
 * </ol>
 * A failed entry fails the commit with its error code after the requests before it. What a failure
 * in step 2 to 4 leaves: the sends already taken are delivered (and the deletes not yet done are
 * not), so the received messages come back after their visibility and are processed again. A crash
 * does the same, except that nothing remains to retry. Every entry the server confirmed leaves the
 * buffer, so calling {@code commit} again after a failure does only what is left; {@code rollback}
 * drops it. The error of such a failure names the MessageIds already delivered, and those in doubt
 * (their SendMessageBatch failed for the server's fault, or without an answer, so it may have
 * taken them).
 *
 * <p>Publishes are fanned out to the topic's subscriptions when the commit starts.
 */
final class SqsTransaction implements StoreTransaction {
    /** How long step 1 hides the messages to delete; a crash after it makes them visible again after this. */
    static final int HOLD_SECONDS = 60;
    /** How much of the hold a delete may count on: less than all of it, for the requests' own time. */
    private static final int HOLD_MARGIN_SECONDS = 10;
    private static final int BATCH = 10;

    private record Handle(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
    }

    private record Publish(String topicName, String messageId, SendMessageRequest request,
                           MessageOptions.Options options, BiPredicate<String, MessageHeaders> accept) {
    }

    private final ServerQueues queues;
    private final ServerMessages messages;
    private final SqsTopics topics;
    private final Outbox sends = new Outbox();
    private final List<Publish> publishes = new ArrayList<>();
    private final List<Handle> deletes = new ArrayList<>();
    private final List<Handle> changes = new ArrayList<>();
    private boolean held;
    private long heldAt;
    private boolean ended;

    SqsTransaction(ServerQueues queues, ServerMessages messages, SqsTopics topics) {
        this.queues = queues;
        this.messages = messages;
        this.topics = topics;
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options) {
        checkOpen();
        String id = MessageIds.next();
        SendMessageRequest r = ServerMessages.withDelay(request, options);
        if (r.messageDeduplicationId() == null && Names.isFifo(ServerQueues.name(r.queueUrl()))
                && !queues.contentBasedDeduplication(r.queueUrl())) {
            r = new SendMessageRequest(r.queueUrl(), r.messageBody(), r.delaySeconds(), r.messageAttributes(),
                    r.messageGroupId(), id);
        }
        String original = Names.isFifo(ServerQueues.name(r.queueUrl())) ? sends.duplicated(r) : null;
        if (original != null) {
            return new SendResult(null, original, Digests.md5(r.messageBody()), null);
        }
        sends.add(id, r);
        return new SendResult(null, id, Digests.md5(r.messageBody()), null);
    }

    @Override
    public SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                              BiPredicate<String, MessageHeaders> accept) {
        checkOpen();
        topics.checkTopicName(topicName);
        String id = MessageIds.next();
        publishes.add(new Publish(topicName, id, ServerMessages.withDelay(request, options), options,
                accept));
        return new SendResult(null, id, Digests.md5(request.messageBody()), null);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        checkOpen();
        deletes.add(new Handle(queueUrl, receiptHandle, 0));
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        checkOpen();
        changes.add(new Handle(queueUrl, receiptHandle, visibilityTimeoutSeconds));
    }

    @Override
    public boolean isEmpty() {
        return sends.isEmpty() && publishes.isEmpty() && deletes.isEmpty() && changes.isEmpty();
    }

    @Override
    public void commit() {
        checkOpen();
        if (!held) {
            long holding = System.nanoTime();
            apply(deletes, "ChangeMessageVisibilityBatch (hold before delete)", (url, e) ->
                    messages.changeMessageVisibilityBatch(url, e.stream().map(b -> new BatchEntry<>(b.id(),
                            new VisibilityChange(b.value().receiptHandle(), HOLD_SECONDS))).toList()), false, false);
            heldAt = holding;
            held = true;
        }
        while (!publishes.isEmpty()) {
            Publish p = publishes.get(0);
            topics.fanOut(p.topicName(), p.messageId(), p.request(), p.options(), p.accept(), sends);
            publishes.remove(0);
        }
        try {
            sends.flush(messages);
            apply(deletes, "DeleteMessageBatch", (url, e) -> messages.deleteMessageBatch(url, e.stream()
                    .map(b -> new BatchEntry<>(b.id(), b.value().receiptHandle())).toList()), true, stillHeld());
            apply(changes, "ChangeMessageVisibilityBatch", (url, e) -> messages.changeMessageVisibilityBatch(url,
                    e.stream().map(b -> new BatchEntry<>(b.id(), new VisibilityChange(b.value().receiptHandle(),
                            b.value().visibilityTimeoutSeconds()))).toList()), true, false);
        } catch (QueueServiceException e) {
            String account = sends.account();
            throw account.isEmpty() ? e : new QueueServiceException(e.code(), e.detail() + account, e.senderFault(), e);
        }
        ended = true;
    }

    /**
     * True while step 1's hold surely lasts. A delete whose handle the server then refuses was done
     * already: step 1 took the handle, so only an earlier attempt of the same DeleteMessageBatch can
     * have spent it, one whose answer was lost (a reset connection, a timeout) before the client retried.
     */
    private boolean stillHeld() {
        return System.nanoTime() - heldAt < TimeUnit.SECONDS.toNanos(HOLD_SECONDS - HOLD_MARGIN_SECONDS);
    }

    private interface BatchCall {
        BatchResult<String> call(String queueUrl, List<BatchEntry<Handle>> entries);
    }

    /**
     * Runs {@code call} over {@code handles} per queue in batches; with {@code consume} the handles the
     * server took leave the list, and with {@code spentIsDone} those it refused as spent
     * ({@code ReceiptHandleIsInvalid}) too. Throws at the first refused entry.
     */
    private static void apply(List<Handle> handles, String what, BatchCall call, boolean consume,
                              boolean spentIsDone) {
        Map<String, List<Handle>> byQueue = new LinkedHashMap<>();
        for (Handle h : handles) {
            byQueue.computeIfAbsent(h.queueUrl(), k -> new ArrayList<>()).add(h);
        }
        for (Map.Entry<String, List<Handle>> q : byQueue.entrySet()) {
            List<Handle> all = q.getValue();
            for (int i = 0; i < all.size(); i += BATCH) {
                List<BatchEntry<Handle>> entries = new ArrayList<>();
                for (Handle h : all.subList(i, Math.min(all.size(), i + BATCH))) {
                    entries.add(new BatchEntry<>("h" + entries.size(), h));
                }
                BatchResult<String> result = call.call(q.getKey(), entries);
                if (consume) {
                    for (String ok : result.successful()) {
                        handles.remove(entries.get(Integer.parseInt(ok.substring(1))).value());
                    }
                }
                List<BatchResultErrorEntry> refused = new ArrayList<>();
                for (BatchResultErrorEntry f : result.failed()) {
                    if (spentIsDone && f.code().equals(RECEIPT_HANDLE_IS_INVALID)) {
                        handles.remove(entries.get(Integer.parseInt(f.id().substring(1))).value());
                    } else {
                        refused.add(f);
                    }
                }
                if (!refused.isEmpty()) {
                    BatchResultErrorEntry f = refused.get(0);
                    String handle = entries.get(Integer.parseInt(f.id().substring(1))).value().receiptHandle();
                    throw new QueueServiceException(f.code(), "commit: " + what + " in " + q.getKey()
                            + " refused receipt handle " + handle + ": " + f.message(), f.senderFault(), null);
                }
            }
        }
    }

    @Override
    public void rollback() {
        checkOpen();
        sends.clear();
        publishes.clear();
        deletes.clear();
        changes.clear();
        ended = true;
    }

    private void checkOpen() {
        if (ended) {
            throw new QueueServiceException(INVALID_TRANSACTION_STATE, "the transaction has already ended");
        }
    }
}
