package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;

/**
 * Sends waiting to go out, in the order they were added, each carrying the MessageId Wharf gave it
 * in the attribute {@value ServerMessages#ID_ATTRIBUTE}. {@link #flush} sends them with
 * SendMessageBatch, up to 10 per request and queue; an entry leaves the outbox once the server has
 * taken it, so a flush that failed can be repeated without sending anything twice that the server
 * confirmed.
 */
final class Outbox {
    private static final int BATCH = 10;

    /**
     * One message for one queue ({@code request.queueUrl()}), with its Wharf MessageId;
     * {@code subscription} if the queue is a subscription's, whose copy is dropped if the queue is gone.
     */
    record Outgoing(String messageId, SendMessageRequest request, boolean subscription) {
    }

    private final List<Outgoing> pending = new ArrayList<>();
    /** MessageIds the server confirmed, and those of a request that failed without an answer. */
    private final List<String> delivered = new ArrayList<>();
    private final List<String> inDoubt = new ArrayList<>();

    void add(String messageId, SendMessageRequest request) {
        pending.add(new Outgoing(messageId, request, false));
    }

    void addToSubscription(String messageId, SendMessageRequest request) {
        pending.add(new Outgoing(messageId, request, true));
    }

    /**
     * The MessageId of a pending send to a FIFO queue that the server would take {@code request} as
     * a duplicate of (the same queue and group, and the same deduplication id, or the same body when
     * the id comes from the content); null if none.
     */
    String duplicated(SendMessageRequest request) {
        for (Outgoing o : pending) {
            SendMessageRequest p = o.request();
            if (!o.subscription() && p.queueUrl().equals(request.queueUrl())
                    && java.util.Objects.equals(p.messageGroupId(), request.messageGroupId())
                    && (request.messageDeduplicationId() != null
                            ? request.messageDeduplicationId().equals(p.messageDeduplicationId())
                            : p.messageDeduplicationId() == null && p.messageBody().equals(request.messageBody()))) {
                return o.messageId();
            }
        }
        return null;
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    void clear() {
        pending.clear();
    }

    /**
     * What the flushes so far left behind, for the error of a commit that failed after them: the
     * messages delivered all the same, and those whose request failed without an answer (the
     * server may have taken them); empty if none.
     */
    String account() {
        StringBuilder sb = new StringBuilder();
        if (!delivered.isEmpty()) {
            sb.append("; sent before the failure and delivered all the same (not rolled back): MessageIds ")
                    .append(String.join(", ", delivered));
        }
        List<String> doubtful = new ArrayList<>(inDoubt);
        doubtful.removeAll(delivered);
        if (!doubtful.isEmpty()) {
            sb.append("; in doubt, their SendMessageBatch failed without a refusal, so the server may have taken them:"
                    + " MessageIds ").append(String.join(", ", doubtful));
        }
        return sb.toString();
    }

    /** Sends all that is pending; throws at the first entry the server refused, after the requests before it. */
    void flush(ServerMessages messages) {
        Map<String, List<Outgoing>> byQueue = new LinkedHashMap<>();
        for (Outgoing o : pending) {
            byQueue.computeIfAbsent(o.request().queueUrl(), k -> new ArrayList<>()).add(o);
        }
        for (Map.Entry<String, List<Outgoing>> q : byQueue.entrySet()) {
            List<Outgoing> all = q.getValue();
            for (int i = 0; i < all.size(); i += BATCH) {
                send(messages, q.getKey(), all.subList(i, Math.min(all.size(), i + BATCH)));
            }
        }
    }

    private void send(ServerMessages messages, String queueUrl, List<Outgoing> chunk) {
        List<SendBatchEntry> entries = new ArrayList<>(chunk.size());
        Map<String, Outgoing> byEntry = new HashMap<>();
        for (Outgoing o : chunk) {
            String id = "m" + entries.size();
            SendMessageRequest r = o.request();
            Map<String, MessageAttributeValue> attributes = new HashMap<>(r.messageAttributes());
            attributes.put(ServerMessages.ID_ATTRIBUTE, MessageAttributeValue.string(o.messageId()));
            entries.add(new SendBatchEntry(id, r.messageBody(), r.delaySeconds(), attributes, r.messageGroupId(),
                    r.messageDeduplicationId()));
            byEntry.put(id, o);
        }
        BatchResult<SendResult> result;
        try {
            result = messages.sendMessageBatch(queueUrl, entries);
        } catch (QueueServiceException e) {
            if (e.code().equals(QUEUE_DOES_NOT_EXIST) && chunk.get(0).subscription()) {
                // Unsubscribed since the fan-out: the copies have nobody to go to.
                pending.removeAll(chunk);
                return;
            }
            if (!e.senderFault()) {
                chunk.forEach(o -> inDoubt.add(o.messageId()));
            }
            throw e;
        }
        for (SendResult ok : result.successful()) {
            Outgoing o = byEntry.get(ok.id());
            pending.remove(o);
            delivered.add(o.messageId());
        }
        if (!result.failed().isEmpty()) {
            BatchResultErrorEntry f = result.failed().get(0);
            throw new QueueServiceException(f.code(), "SendMessageBatch to " + queueUrl + ": message "
                    + byEntry.get(f.id()).messageId() + " was refused: " + f.message(), f.senderFault(), null);
        }
    }
}
