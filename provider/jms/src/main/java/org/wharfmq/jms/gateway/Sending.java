package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Function;
import jakarta.jms.JMSException;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.FairQueues;
import org.wharfmq.store.Limits;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.Names;

/**
 * Sends to one store: a message to a queue (created if new), a batch of them, or a publish to a
 * topic's subscriptions; in a unit of work when given one, else with the backend's
 * MessageOptions when it has them. A send is prepared first, every check of its arguments made,
 * and only then sent, so that a refused one creates nothing.
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
     * A send checked and encoded, not yet sent: {@link #prepare} and {@link #preparePublish} make it
     * without changing anything in the store, so a refused send leaves no queue or topic behind.
     */
    public static final class Prepared {
        private final QueueSpec queue;
        private final String topic;
        private final boolean temporary;
        private final Encoding.Request request;
        private final String groupId;
        private final String deduplicationId;

        private Prepared(QueueSpec queue, String topic, boolean temporary, Encoding.Request request, String groupId,
                         String deduplicationId) {
            this.queue = queue;
            this.topic = topic;
            this.temporary = temporary;
            this.request = request;
            this.groupId = groupId;
            this.deduplicationId = deduplicationId;
        }
    }

    /**
     * Checks and encodes a send of {@code m} to queue {@code q}: every rule of the model that does
     * not depend on what the queue holds, before the queue is created. {@code groupId} and
     * {@code deduplicationId} are for FIFO queues; a standard queue takes {@code groupId} too where
     * the backend offers {@link FairQueues}.
     */
    public Prepared prepare(QueueSpec q, WharfMessage m, String groupId, String deduplicationId, SendOptions o)
            throws JMSException {
        boolean fifo = Names.isFifo(q.name());
        Encoding.Request r = encoding.request(m, o);
        checkSize(r, q.attributes(), "queue " + q.name());
        if (fifo) {
            checkFifo(q, o, groupId, deduplicationId);
        }
        return new Prepared(q, null, q.temporary(), r, group(fifo, groupId), fifo ? deduplicationId : null);
    }

    /** As {@link #prepare} for a publish to topic {@code name}; a temporary topic is never created by it. */
    public Prepared preparePublish(String name, boolean temporary, WharfMessage m, SendOptions o)
            throws JMSException {
        Encoding.Request r = encoding.request(m, o);
        checkSize(r, Map.of(), "topic " + name);
        return new Prepared(null, name, temporary, r, null, null);
    }

    /**
     * Checks body and attributes, and their size against the queue's declared or the store's
     * MaximumMessageSize; only against the store's where it offloads large bodies (SQS with a bucket).
     */
    private void checkSize(Encoding.Request r, Map<String, String> declared, String to) throws JMSException {
        try {
            long size = MessageRules.checkBody(r.body()) + (long) MessageRules.checkAttributes(r.attributes());
            long max = service.limits().maxMessageBytes();
            String whose = "the " + max + " bytes this store allows";
            String declaredMax = declared.get(QueueConfig.MAXIMUM_MESSAGE_SIZE);
            // A store that takes more than any queue's MaximumMessageSize keeps large bodies elsewhere.
            boolean offloads = max > Limits.AMAZON_SQS.maxMessageBytes();
            if (!offloads && declaredMax != null && declaredMax.matches("\\d{1,9}")
                    && Integer.parseInt(declaredMax) < max) {
                max = Integer.parseInt(declaredMax);
                whose = "the " + max + " bytes of the MaximumMessageSize declared for " + to;
            }
            if (size > max) {
                throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE,
                        "the message is " + size + " bytes, over " + whose);
            }
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
    }

    /** The model's rules of a send to a FIFO queue. */
    private void checkFifo(QueueSpec q, SendOptions o, String groupId, String deduplicationId) throws JMSException {
        try {
            if (o.delayMillis() > 0) {
                throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "queue " + q.name()
                        + " is FIFO: a per-message delivery delay (" + o.delayMillis() + " ms) is not allowed;"
                        + " set the queue's DelaySeconds instead");
            }
            if (groupId == null) {
                throw new QueueServiceException(ErrorCodes.MISSING_PARAMETER, "queue " + q.name()
                        + " is FIFO: a message needs a group, the JMSXGroupID property");
            }
            MessageRules.checkFifoId("MessageGroupId (JMSXGroupID)", groupId);
            if (deduplicationId != null) {
                MessageRules.checkFifoId("MessageDeduplicationId", deduplicationId);
            } else if (!"true".equalsIgnoreCase(q.attributes().get(QueueConfig.CONTENT_BASED_DEDUPLICATION))
                    && !queues.exists(q.name())) {
                // An existing queue may deduplicate by content; the store says so when it does not.
                throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "queue " + q.name()
                        + " is FIFO and would be created without ContentBasedDeduplication: a message needs a"
                        + " deduplication id, the JMS_Wharf_DeduplicationId property");
            }
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
    }

    /** Sends {@code p} to its queue (created if new, unless temporary), in {@code unit} if not null; returns the MessageId. */
    public String send(Prepared p, Unit unit) throws JMSException {
        String queueUrl = queues.queue(p.queue);
        Encoding.Request r = p.request;
        SendMessageRequest request = new SendMessageRequest(queueUrl, r.body(), r.delaySeconds(), r.attributes(),
                p.groupId, p.deduplicationId);
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

    /** The outcome of one message of {@link #sendBatch}: its MessageId, or why it was not sent. */
    public record Sent(String messageId, JMSException failure) {
    }

    /**
     * Sends {@code batch}, prepared sends to one queue (created if new), outside any unit, in order,
     * with SendMessageBatch requests of at most 10 messages whose sizes together stay within the
     * backend's message limit; returns each message's own outcome, in the batch's order.
     */
    public List<Sent> sendBatch(List<Prepared> batch) throws JMSException {
        String queueUrl = queues.queue(batch.get(0).queue);
        Sent[] sent = new Sent[batch.size()];
        List<SendBatchEntry> entries = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < batch.size(); i++) {
            Prepared p = batch.get(i);
            long size = Encoding.size(p.request);
            if (!entries.isEmpty() && (entries.size() == Ranges.BATCH.max()
                    || bytes + size > service.limits().maxMessageBytes())) {
                sendEntries(queueUrl, entries, sent);
                entries.clear();
                bytes = 0;
            }
            entries.add(new SendBatchEntry(Integer.toString(i), p.request.body(), p.request.delaySeconds(),
                    p.request.attributes(), p.groupId, p.deduplicationId));
            bytes += size;
        }
        sendEntries(queueUrl, entries, sent);
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
     * Publishes {@code p} to its topic (created if new, unless temporary), in {@code unit} if not
     * null, to the subscriptions whose tag {@code accept} takes for the message's selector values;
     * returns the MessageId.
     */
    public String publish(Prepared p, Unit unit, BiPredicate<String, Function<String, Object>> accept)
            throws JMSException {
        if (p.temporary) {
            capabilities.requireTopics("topic " + p.topic);
        } else {
            queues.topic(p.topic);
        }
        Encoding.Request r = p.request;
        SendMessageRequest request = new SendMessageRequest(null, r.body(), r.delaySeconds(), r.attributes(), null,
                null);
        try {
            SendResult result = unit != null ? unit.tx.publish(p.topic, request, r.options(), encoding.filter(accept))
                    : capabilities.topics.publish(p.topic, request, r.options(), encoding.filter(accept));
            return result.messageId();
        } catch (QueueServiceException e) {
            throw Errors.of(e);
        }
    }
}
