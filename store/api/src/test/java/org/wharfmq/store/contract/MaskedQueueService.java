package org.wharfmq.store.contract;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.VisibilityChange;

/**
 * A store that hides some capabilities of the one it wraps, and may report other {@link Limits}: a
 * limited backend made from a full one, for provider tests and the contract suite. It implements
 * QueueService only and forwards each of its methods, so it cannot be cast to what it hides.
 */
public final class MaskedQueueService implements QueueService {
    private final QueueService inner;
    private final Set<Class<?>> hidden;
    private final Limits limits;

    /** Wraps {@code inner} without {@code hidden}, with the limits {@link #limitsWithout} gives. */
    public MaskedQueueService(QueueService inner, Set<Class<?>> hidden) {
        this(inner, hidden, limitsWithout(inner.limits(), hidden));
    }

    /** Wraps {@code inner} without {@code hidden}, reporting {@code limits}. */
    public MaskedQueueService(QueueService inner, Set<Class<?>> hidden, Limits limits) {
        this.inner = inner;
        this.hidden = Set.copyOf(hidden);
        this.limits = limits;
        for (Class<?> c : this.hidden) {
            if (!Backend.CAPABILITIES.contains(c)) {
                throw new IllegalArgumentException(c.getName() + " is not a capability that can be hidden");
            }
        }
    }

    /** {@code inner} as a store without {@code hidden} has it: without MessageOptions, delays are whole seconds. */
    public static Limits limitsWithout(Limits inner, Set<Class<?>> hidden) {
        if (!hidden.contains(MessageOptions.class)) {
            return inner;
        }
        return new Limits(inner.maxMessageAttributes(), inner.maxMessageBytes(),
                Math.max(1_000, inner.delayGranularityMillis()), inner.maxDelayMillis());
    }

    /** The capabilities this wrapper hides. */
    public Set<Class<?>> hidden() {
        return hidden;
    }

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        if (Backend.CAPABILITIES.contains(type)) {
            return hidden.contains(type) ? Optional.empty() : inner.extension(type);
        }
        // Any other type could hand out the wrapped store itself, hidden capabilities and all.
        return QueueService.super.extension(type);
    }

    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public String queueName(String queueUrl) {
        return inner.queueName(queueUrl);
    }

    @Override
    public String createQueue(String queueName, Map<String, String> attributes) {
        return inner.createQueue(queueName, attributes);
    }

    @Override
    public void deleteQueue(String queueUrl) {
        inner.deleteQueue(queueUrl);
    }

    @Override
    public String getQueueUrl(String queueName) {
        return inner.getQueueUrl(queueName);
    }

    @Override
    public List<String> listQueues(String prefix) {
        return inner.listQueues(prefix);
    }

    @Override
    public void purgeQueue(String queueUrl) {
        inner.purgeQueue(queueUrl);
    }

    @Override
    public Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
        return inner.getQueueAttributes(queueUrl, names);
    }

    @Override
    public void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
        inner.setQueueAttributes(queueUrl, attributes);
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request) {
        return inner.sendMessage(request);
    }

    @Override
    public BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> entries) {
        return inner.sendMessageBatch(queueUrl, entries);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request) {
        return inner.receiveMessage(request);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        inner.deleteMessage(queueUrl, receiptHandle);
    }

    @Override
    public BatchResult<String> deleteMessageBatch(String queueUrl, List<BatchEntry<String>> entries) {
        return inner.deleteMessageBatch(queueUrl, entries);
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        inner.changeMessageVisibility(queueUrl, receiptHandle, visibilityTimeoutSeconds);
    }

    @Override
    public BatchResult<String> changeMessageVisibilityBatch(String queueUrl,
                                                            List<BatchEntry<VisibilityChange>> entries) {
        return inner.changeMessageVisibilityBatch(queueUrl, entries);
    }

    @Override
    public void close() {
        inner.close();
    }
}
