package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.Names;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * The server's message requests in the model's terms: SendMessage, ReceiveMessage, DeleteMessage,
 * ChangeMessageVisibility and their batches, one request each except a SendMessageBatch over the
 * size limits ({@link MessageSizes}), which a message over its queue's fails before it is sent. A
 * MessageGroupId on a standard queue goes to the server (fair queues); once a server refuses it,
 * such sends go again without it, and later ones go without it from the start. Sends and deletes the server took
 * are counted in {@link Counts}; receives are counted by the facade, once per receive, whether the
 * messages came from here or from {@link Prefetch}'s lanes. A MessageId Wharf gave travels in the
 * attribute {@value #ID_ATTRIBUTE}, which a receive shows as the MessageId and hides. With a bucket,
 * a body over its queue's MaximumMessageSize goes there instead ({@link LargePayloads}), and
 * the receipt handles of such messages carry its object.
 */
final class ServerMessages {
    /** The message attribute that carries a MessageId Wharf gave; receive shows it as the MessageId. */
    static final String ID_ATTRIBUTE = "wharf.id";

    private final SqsClient client;
    private final RequestPacer pacer;
    private final MessageSizes sizes;
    private final Counts counts;
    private final LargePayloads payloads;
    private final InFlight inFlight;
    /** False once the server refused a MessageGroupId on a standard queue: it has no fair queues. */
    private volatile boolean fairQueues = true;

    ServerMessages(SqsClient client, ServerQueues queues, Counts counts, RequestPacer pacer, LargePayloads payloads) {
        this.pacer = pacer;
        this.payloads = payloads;
        this.client = client;
        this.sizes = new MessageSizes(queues::maximumMessageSize);
        this.inFlight = new InFlight(queues::visibilityTimeout);
        this.counts = counts;
    }

    SendResult sendMessage(SendMessageRequest given) {
        SendMessageRequest m = given;
        if (payloads.enabled() && sizes.over(m.queueUrl(), m.messageBody(), m.messageAttributes())) {
            LargePayloads.Outgoing out = payloads.offload(m.queueUrl(), m.messageBody(), m.messageAttributes());
            m = new SendMessageRequest(m.queueUrl(), out.body(), m.delaySeconds(), out.attributes(),
                    m.messageGroupId(), m.messageDeduplicationId());
        }
        sizes.check(m.queueUrl(), m.messageBody(), m.messageAttributes());
        boolean grouped = grouped(m.queueUrl(), m.messageGroupId());
        SendResult sent;
        try {
            sent = send(m, fairQueues || !grouped ? m.messageGroupId() : null);
        } catch (QueueServiceException e) {
            if (!grouped || !fairQueues || !e.code().equals(INVALID_PARAMETER_VALUE)) {
                throw e;
            }
            sent = send(m, null);
            fairQueues = false;
        }
        counts.sent(m.queueUrl(), 1);
        return sent;
    }

    /** True if {@code groupId} is given for a standard queue, where only a server with fair queues takes it. */
    private static boolean grouped(String queueUrl, String groupId) {
        return groupId != null && !Names.isFifo(ServerQueues.name(queueUrl));
    }

    private SendResult send(SendMessageRequest m, String groupId) {
        pacer.pace(m.queueUrl(), RequestPacer.Kind.SEND);
        var response = SqsErrors.call("SendMessage to " + m.queueUrl(), () -> client.sendMessage(r -> r
                .queueUrl(m.queueUrl()).messageBody(m.messageBody()).delaySeconds(m.delaySeconds())
                .messageAttributes(toServer(m.messageAttributes())).messageGroupId(groupId)
                .messageDeduplicationId(m.messageDeduplicationId())));
        return new SendResult(null, response.messageId(), response.md5OfMessageBody(), response.sequenceNumber());
    }

    /**
     * SendMessageBatch, in as many requests as {@link MessageSizes#split} makes; an entry over the
     * queue's MaximumMessageSize fails on its own. If a later request fails as a whole, the earlier
     * ones stay sent and the entries from there on fail with its error.
     */
    BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> given) {
        if (given.isEmpty()) {
            return sendRequest(queueUrl, given);
        }
        List<SendBatchEntry> entries = given;
        if (payloads.enabled()) {
            entries = new ArrayList<>(given.size());
            for (SendBatchEntry e : given) {
                if (sizes.over(queueUrl, e.messageBody(), e.messageAttributes())) {
                    LargePayloads.Outgoing out = payloads.offload(queueUrl, e.messageBody(), e.messageAttributes());
                    e = new SendBatchEntry(e.id(), out.body(), e.delaySeconds(), out.attributes(), e.messageGroupId(),
                            e.messageDeduplicationId());
                }
                entries.add(e);
            }
        }
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        List<List<SendBatchEntry>> requests = sizes.split(queueUrl, entries, failed);
        List<SendResult> ok = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            BatchResult<SendResult> result;
            try {
                result = sendRequest(queueUrl, requests.get(i));
            } catch (QueueServiceException e) {
                if (i == 0) {
                    throw e;
                }
                requests.subList(i, requests.size()).forEach(r -> r.forEach(entry -> failed.add(
                        new BatchResultErrorEntry(entry.id(), e.code(), e.getMessage(), e.senderFault()))));
                break;
            }
            ok.addAll(result.successful());
            failed.addAll(result.failed());
        }
        return new BatchResult<>(ok, failed);
    }

    /** One SendMessageBatch; on a server without fair queues, the standard queue's group ids are left out. */
    private BatchResult<SendResult> sendRequest(String queueUrl, List<SendBatchEntry> entries) {
        boolean grouped = entries.stream().anyMatch(e -> grouped(queueUrl, e.messageGroupId()));
        BatchResult<SendResult> result = sendBatch(queueUrl, entries, !grouped || fairQueues);
        if (grouped && fairQueues && !result.failed().isEmpty()
                && result.failed().stream().allMatch(f -> f.code().equals(INVALID_PARAMETER_VALUE))) {
            List<String> refused = result.failed().stream().map(BatchResultErrorEntry::id).toList();
            BatchResult<SendResult> again = sendBatch(queueUrl,
                    entries.stream().filter(e -> refused.contains(e.id())).toList(), false);
            if (again.failed().isEmpty()) {
                fairQueues = false;
            }
            List<SendResult> ok = new ArrayList<>(result.successful());
            ok.addAll(again.successful());
            return new BatchResult<>(ok, again.failed());
        }
        return result;
    }

    private BatchResult<SendResult> sendBatch(String queueUrl, List<SendBatchEntry> entries, boolean withGroups) {
        List<SendMessageBatchRequestEntry> out = new ArrayList<>(entries.size());
        for (SendBatchEntry e : entries) {
            out.add(SendMessageBatchRequestEntry.builder().id(e.id()).messageBody(e.messageBody())
                    .delaySeconds(e.delaySeconds()).messageAttributes(toServer(e.messageAttributes()))
                    .messageGroupId(withGroups || !grouped(queueUrl, e.messageGroupId()) ? e.messageGroupId() : null)
                    .messageDeduplicationId(e.messageDeduplicationId()).build());
        }
        pacer.pace(queueUrl, RequestPacer.Kind.SEND);
        var response = SqsErrors.call("SendMessageBatch to " + queueUrl,
                () -> client.sendMessageBatch(r -> r.queueUrl(queueUrl).entries(out)));
        List<SendResult> ok = new ArrayList<>();
        response.successful().forEach(s -> ok.add(new SendResult(s.id(), s.messageId(), s.md5OfMessageBody(),
                s.sequenceNumber())));
        counts.sent(queueUrl, ok.size());
        return new BatchResult<>(ok, SqsErrors.entries(response.failed()));
    }

    /** One ReceiveMessage request to the server. */
    List<ReceivedMessage> receiveMessage(ReceiveMessageRequest q) {
        pacer.pace(q.queueUrl(), RequestPacer.Kind.RECEIVE);
        long start = System.nanoTime();
        var response = SqsErrors.call("ReceiveMessage from " + q.queueUrl(), () -> client.receiveMessage(r -> r
                .queueUrl(q.queueUrl()).maxNumberOfMessages(q.maxNumberOfMessages())
                .visibilityTimeout(q.visibilityTimeout()).waitTimeSeconds(q.waitTimeSeconds())
                .receiveRequestAttemptId(q.receiveRequestAttemptId())
                .messageSystemAttributeNamesWithStrings("All").messageAttributeNames("All")));
        List<ReceivedMessage> out = new ArrayList<>(response.messages().size());
        for (Message m : response.messages()) {
            inFlight.received(q.queueUrl(), m.receiptHandle(), start, q.visibilityTimeout());
            out.add(payloads.restore(fromServer(m)));
        }
        return out;
    }

    /**
     * DeleteMessage. A handle refused as {@code ReceiptHandleIsInvalid} while its message is surely
     * still hidden counts as deleted ({@link InFlight}); one refused after its visibility ended
     * says so.
     */
    void deleteMessage(String queueUrl, String receiptHandle) {
        pacer.pace(queueUrl, RequestPacer.Kind.DELETE);
        String handle = LargePayloads.serverHandle(receiptHandle);
        try {
            SqsErrors.call("DeleteMessage from " + queueUrl,
                    () -> client.deleteMessage(r -> r.queueUrl(queueUrl).receiptHandle(handle)));
        } catch (QueueServiceException e) {
            if (!e.code().equals(RECEIPT_HANDLE_IS_INVALID) || !inFlight.surelyHidden(handle)) {
                boolean ended = e.code().equals(RECEIPT_HANDLE_IS_INVALID) && inFlight.visibilityEnded(handle);
                inFlight.settled(handle);
                throw ended ? new QueueServiceException(e.code(), e.detail() + VISIBILITY_ENDED, e.senderFault(), e) : e;
            }
        }
        inFlight.settled(handle);
        counts.deleted(queueUrl, 1);
        payloads.deleted(receiptHandle);
    }

    /** What a refused handle's error adds when this store saw its visibility end. */
    private static final String VISIBILITY_ENDED = " (its visibility timeout ended: the message was not deleted and"
            + " will be delivered again)";

    /** DeleteMessageBatch; refused handles as {@link #deleteMessage} has them. */
    BatchResult<String> deleteMessageBatch(String queueUrl, List<BatchEntry<String>> entries) {
        List<DeleteMessageBatchRequestEntry> out = new ArrayList<>(entries.size());
        Map<String, String> handles = new HashMap<>();
        for (BatchEntry<String> e : entries) {
            out.add(DeleteMessageBatchRequestEntry.builder().id(e.id())
                    .receiptHandle(LargePayloads.serverHandle(e.value())).build());
            handles.put(e.id(), e.value());
        }
        pacer.pace(queueUrl, RequestPacer.Kind.DELETE);
        var response = SqsErrors.call("DeleteMessageBatch from " + queueUrl,
                () -> client.deleteMessageBatch(r -> r.queueUrl(queueUrl).entries(out)));
        List<String> ok = new ArrayList<>();
        response.successful().forEach(s -> ok.add(s.id()));
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        for (BatchResultErrorEntry f : SqsErrors.entries(response.failed())) {
            String handle = LargePayloads.serverHandle(handles.get(f.id()));
            if (f.code().equals(RECEIPT_HANDLE_IS_INVALID) && inFlight.surelyHidden(handle)) {
                ok.add(f.id());
            } else {
                failed.add(f.code().equals(RECEIPT_HANDLE_IS_INVALID) && inFlight.visibilityEnded(handle)
                        ? new BatchResultErrorEntry(f.id(), f.code(), f.message() + VISIBILITY_ENDED, f.senderFault())
                        : f);
                inFlight.settled(handle);
            }
        }
        counts.deleted(queueUrl, ok.size());
        for (String id : ok) {
            inFlight.settled(LargePayloads.serverHandle(handles.get(id)));
            payloads.deleted(handles.get(id));
        }
        return new BatchResult<>(ok, failed);
    }

    void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        pacer.pace(queueUrl, RequestPacer.Kind.VISIBILITY);
        String handle = LargePayloads.serverHandle(receiptHandle);
        long start = System.nanoTime();
        SqsErrors.call("ChangeMessageVisibility in " + queueUrl, () -> client.changeMessageVisibility(r -> r
                .queueUrl(queueUrl).receiptHandle(handle).visibilityTimeout(visibilityTimeoutSeconds)));
        inFlight.changed(queueUrl, handle, start, visibilityTimeoutSeconds);
    }

    BatchResult<String> changeMessageVisibilityBatch(String queueUrl,
                                                     List<BatchEntry<VisibilityChange>> entries) {
        List<ChangeMessageVisibilityBatchRequestEntry> out = new ArrayList<>(entries.size());
        for (BatchEntry<VisibilityChange> e : entries) {
            out.add(ChangeMessageVisibilityBatchRequestEntry.builder().id(e.id())
                    .receiptHandle(LargePayloads.serverHandle(e.value().receiptHandle()))
                    .visibilityTimeout(e.value().visibilityTimeoutSeconds()).build());
        }
        pacer.pace(queueUrl, RequestPacer.Kind.VISIBILITY);
        long start = System.nanoTime();
        var response = SqsErrors.call("ChangeMessageVisibilityBatch in " + queueUrl,
                () -> client.changeMessageVisibilityBatch(r -> r.queueUrl(queueUrl).entries(out)));
        Map<String, VisibilityChange> byId = new HashMap<>();
        entries.forEach(e -> byId.put(e.id(), e.value()));
        response.successful().forEach(ok -> {
            VisibilityChange c = byId.get(ok.id());
            inFlight.changed(queueUrl, LargePayloads.serverHandle(c.receiptHandle()), start, c.visibilityTimeoutSeconds());
        });
        return new BatchResult<>(response.successful().stream().map(s -> s.id()).toList(),
                SqsErrors.entries(response.failed()));
    }

    /** {@code request} with {@code options}' delay, if it has one, rounded up to whole seconds. */
    static SendMessageRequest withDelay(SendMessageRequest request, MessageOptions.Options options) {
        if (options == null || options.delayMillis() < 0) {
            return request;
        }
        return request.withDelaySeconds((int) ((options.delayMillis() + 999) / 1000));
    }

    private static ReceivedMessage fromServer(Message m) {
        Map<String, String> a = m.attributesAsStrings();
        Map<String, MessageAttributeValue> attributes = new HashMap<>();
        m.messageAttributes().forEach((k, v) -> attributes.put(k, new MessageAttributeValue(v.dataType(),
                v.stringValue(), v.binaryValue() == null ? null : v.binaryValue().asByteArray())));
        MessageAttributeValue wharfId = attributes.remove(ID_ATTRIBUTE);
        String messageId = wharfId != null ? wharfId.stringValue() : m.messageId();
        return new ReceivedMessage(messageId, m.receiptHandle(), m.body(), m.md5OfBody(),
                longOf(a.get("SentTimestamp")), (int) longOf(a.get("ApproximateReceiveCount")),
                longOf(a.get("ApproximateFirstReceiveTimestamp")), a.get("MessageGroupId"),
                a.get("MessageDeduplicationId"), a.get("SequenceNumber"),
                MessageOptions.Options.DEFAULT_PRIORITY, 0, attributes, a.get("SenderId"));
    }

    private static long longOf(String s) {
        return s == null ? 0 : Long.parseLong(s);
    }

    private static Map<String, software.amazon.awssdk.services.sqs.model.MessageAttributeValue> toServer(
            Map<String, MessageAttributeValue> attributes) {
        if (attributes.isEmpty()) {
            return null;
        }
        Map<String, software.amazon.awssdk.services.sqs.model.MessageAttributeValue> out = new HashMap<>();
        attributes.forEach((k, v) -> out.put(k, software.amazon.awssdk.services.sqs.model.MessageAttributeValue
                .builder().dataType(v.dataType()).stringValue(v.stringValue())
                .binaryValue(v.binaryValue() == null ? null : SdkBytes.fromByteArray(v.binaryValue())).build()));
        return out;
    }
}
