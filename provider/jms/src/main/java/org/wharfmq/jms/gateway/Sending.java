package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Function;
import jakarta.jms.JMSException;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.FairQueues;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Names;

/**
 * Sends to one store: a message to a queue (created if new), a batch of them, or a publish to a
 * topic's subscriptions; in a unit of work when given one, else with the backend's
 * MessageOptions when it has them.
 */
public final class Sending {
    private final QueueService service;
    private final Capabilities capabilities;
    private final Queues queues;
    private final Encoding encoding;

    Sending(QueueService service, Capabilities capabilities, Queues queues, Encoding encoding) {
        this.service = service;
        this.capabilities = capabilities;
        this.queues = queues;
        this.encoding = encoding;
    }

    /**
     * Sends {@code m} to queue {@code q} (created if new), in
     * {@code unit} if not null; returns the MessageId. {@code groupId} and {@code deduplicationId}
     * are for FIFO queues; a standard queue takes {@code groupId} too where the backend offers
     * {@link FairQueues}.
     */
    public String send(QueueSpec q, WharfMessage m, String groupId,
                       String deduplicationId, SendOptions o, Unit unit) throws JMSException {
        String queueUrl = queues.queue(q);
        boolean fifo = Names.isFifo(q.name());
        Encoding.Request r = encoding.request(m, o);
        SendMessageRequest request = new SendMessageRequest(queueUrl, r.body(), r.delaySeconds(), r.attributes(),
                group(fifo, groupId), fifo ? deduplicationId : null);
        SendResult result;
        try {
            if (unit != null) {
                result = unit.tx.sendMessage(request, r.options());
            } else if (capabilities.options != null) {
                result = capabilities.options.sendMessage(request, r.options());
            } else {
                result = service.sendMessage(request);
            }
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
        return result.messageId();
    }

    /** The MessageGroupId a send carries: a FIFO queue's, or a standard queue's where the backend has fair queues. */
    private String group(boolean fifo, String groupId) {
        return fifo || capabilities.fairQueues != null ? groupId : null;
    }

    /**
     * True if sends to a queue outside a unit can go out together through {@link #sendBatch}: the
     * backend has no MessageOptions, whose sends have no batch form.
     */
    public boolean batchesSends() {
        return capabilities.options == null;
    }

    /** One message of {@link #sendBatch}, with what {@link #send} takes for it. */
    public record Outgoing(WharfMessage message, String groupId, String deduplicationId, SendOptions options) {
    }

    /** The outcome of one message of {@link #sendBatch}: its MessageId, or why it was not sent. */
    public record Sent(String messageId, JMSException failure) {
    }

    /**
     * Sends {@code batch} to queue {@code q} (created if new) outside any
     * unit, in order, with SendMessageBatch requests of at most 10 messages whose sizes together stay
     * within the backend's message limit; returns each message's own outcome, in the batch's order.
     */
    public List<Sent> sendBatch(QueueSpec q, List<Outgoing> batch) throws JMSException {
        String queueUrl = queues.queue(q);
        boolean fifo = Names.isFifo(q.name());
        Sent[] sent = new Sent[batch.size()];
        List<SendBatchEntry> entries = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < batch.size(); i++) {
            Outgoing o = batch.get(i);
            Encoding.Request r;
            try {
                r = encoding.request(o.message(), o.options());
            } catch (JMSException e) {
                sent[i] = new Sent(null, e);
                continue;
            }
            long size = Encoding.size(r);
            if (!entries.isEmpty() && (entries.size() == MessageRules.MAX_BATCH
                    || bytes + size > service.limits().maxMessageBytes())) {
                sendEntries(queueUrl, entries, sent);
                entries.clear();
                bytes = 0;
            }
            entries.add(new SendBatchEntry(Integer.toString(i), r.body(), r.delaySeconds(), r.attributes(),
                    group(fifo, o.groupId()), fifo ? o.deduplicationId() : null));
            bytes += size;
        }
        if (!entries.isEmpty()) {
            sendEntries(queueUrl, entries, sent);
        }
        return List.of(sent);
    }

    /**
     * Sends {@code entries}, whose ids are indexes into {@code sent}, and records each outcome there.
     * A batch over the queue's own MaximumMessageSize goes again one message at a time.
     */
    private void sendEntries(String queueUrl, List<SendBatchEntry> entries, Sent[] sent) {
        try {
            if (entries.size() == 1) {
                SendBatchEntry e = entries.get(0);
                sent[Integer.parseInt(e.id())] = new Sent(service.sendMessage(e.toRequest(queueUrl)).messageId(), null);
                return;
            }
            BatchResult<SendResult> result;
            try {
                result = service.sendMessageBatch(queueUrl, entries);
            } catch (QueueServiceException e) {
                if (!e.code().equals(ErrorCodes.BATCH_REQUEST_TOO_LONG)) {
                    throw e;
                }
                entries.forEach(entry -> sendEntries(queueUrl, List.of(entry), sent));
                return;
            }
            for (SendResult r : result.successful()) {
                sent[Integer.parseInt(r.id())] = new Sent(r.messageId(), null);
            }
            for (BatchResultErrorEntry f : result.failed()) {
                sent[Integer.parseInt(f.id())] = new Sent(null,
                        Errors.of(new QueueServiceException(f.code(), f.message(), f.senderFault(), null)));
            }
        } catch (QueueServiceException e) {
            for (SendBatchEntry entry : entries) {
                sent[Integer.parseInt(entry.id())] = new Sent(null, Errors.of(e));
            }
        }
    }

    /**
     * Publishes {@code m} to topic {@code name}, in {@code unit} if not null, to the subscriptions
     * whose tag {@code accept} takes for the message's selector values; returns the MessageId.
     */
    public String publish(String name, WharfMessage m, SendOptions o, Unit unit,
                          BiPredicate<String, Function<String, Object>> accept) throws JMSException {
        queues.topic(name);
        Encoding.Request r = encoding.request(m, o);
        SendMessageRequest request = new SendMessageRequest(null, r.body(), r.delaySeconds(), r.attributes(), null,
                null);
        try {
            SendResult result = unit != null ? unit.tx.publish(name, request, r.options(), encoding.filter(accept))
                    : capabilities.topics.publish(name, request, r.options(), encoding.filter(accept));
            return result.messageId();
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
    }
}
