package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.INVALID_ATTRIBUTE_NAME;
import static org.wharfmq.store.ErrorCodes.PURGE_QUEUE_IN_PROGRESS;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;
import static org.wharfmq.store.ErrorCodes.QUEUE_DELETED_RECENTLY;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;

/**
 * The queue model on Derby. The in-memory index ({@link Store}) decides; the {@link Journal}
 * makes each decision durable before the caller returns; bodies come from the cache of recent
 * sends or from disk.
 */
public final class DerbyQueueService implements QueueService, MessageOptions, FilteredReceive, Browsing,
        Transactions {

    private final Store store;
    private final Sends sends;
    private final Receives receives;
    private final DerbyTopics topics;

    DerbyQueueService(Store store) {
        this.store = store;
        this.sends = new Sends(store);
        this.receives = new Receives(store);
        this.topics = new DerbyTopics(store, sends);
    }

    static DerbyQueueService open(Database db, Clock clock, int defaultDedupWindow, String name) {
        return new DerbyQueueService(Store.open(db, clock, defaultDedupWindow, name));
    }

    /** No attribute limit of its own; delays to the millisecond (MessageOptions), up to 900 s. */
    private static final org.wharfmq.store.Limits LIMITS =
            new org.wharfmq.store.Limits(Integer.MAX_VALUE, 262_144, 1, 900_000);

    /** {@inheritDoc} Asked on every send, so one instance serves them all. */
    @Override
    public org.wharfmq.store.Limits limits() {
        return LIMITS;
    }

    @Override
    public <T> java.util.Optional<T> extension(Class<T> type) {
        if (type == Topics.class) {
            return java.util.Optional.of(type.cast(topics));
        }
        return QueueService.super.extension(type);
    }

    // ---- queues ----

    @Override
    public String createQueue(String queueName, Map<String, String> attributes) {
        boolean fifo = Names.checkQueueName(queueName);
        Map<String, String> given = attributes == null ? Map.of() : attributes;
        QueueConfig config = QueueConfig.defaults(fifo, store.defaultDedupWindow).with(given);
        store.lock.lock();
        try {
            store.checkOpen();
            long now = store.clock.millis();
            QueueState existing = store.byName.get(queueName);
            if (existing != null) {
                if (!existing.config.with(given).equals(existing.config)) {
                    throw new QueueServiceException(QUEUE_ALREADY_EXISTS,
                            "queue " + queueName + " exists with other attributes than " + given);
                }
                return Names.url(queueName);
            }
            Long deletedAt = store.deletedAt.get(queueName);
            if (deletedAt != null && now - deletedAt < 60_000) {
                throw new QueueServiceException(QUEUE_DELETED_RECENTLY, "queue " + queueName
                        + " was deleted less than 60 s ago; its name can be used again after that");
            }
            store.checkRedrive(queueName, config);
            store.createQueueState(queueName, QueueState.KIND_QUEUE, null, null, null, config, now);
        } finally {
            store.lock.unlock();
        }
        store.sync();
        return Names.url(queueName);
    }

    @Override
    public void deleteQueue(String queueUrl) {
        store.lock.lock();
        try {
            QueueState q = store.queue(queueUrl);
            store.dropQueue(q, store.clock.millis());
        } finally {
            store.lock.unlock();
        }
        store.sync();
    }

    @Override
    public String getQueueUrl(String queueName) {
        Names.checkQueueName(queueName);
        store.lock.lock();
        try {
            store.checkOpen();
            QueueState q = store.byName.get(queueName);
            if (q == null || q.kind != QueueState.KIND_QUEUE) {
                throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "queue " + queueName + " does not exist");
            }
            return Names.url(queueName);
        } finally {
            store.lock.unlock();
        }
    }

    @Override
    public List<String> listQueues(String prefix) {
        store.lock.lock();
        try {
            store.checkOpen();
            return store.byName.values().stream()
                    .filter(q -> q.kind == QueueState.KIND_QUEUE)
                    .map(q -> q.name)
                    .filter(n -> prefix == null || n.startsWith(prefix))
                    .sorted()
                    .map(Names::url)
                    .toList();
        } finally {
            store.lock.unlock();
        }
    }

    @Override
    public void purgeQueue(String queueUrl) {
        store.lock.lock();
        try {
            QueueState q = store.queue(queueUrl);
            long now = store.clock.millis();
            if (q.lastPurgeAt != 0 && now - q.lastPurgeAt < 60_000) {
                throw new QueueServiceException(PURGE_QUEUE_IN_PROGRESS,
                        "queue " + q.name + " was purged less than 60 s ago");
            }
            q.lastPurgeAt = now;
            store.purge(q);
            int id = q.id;
            store.journal.post(w -> w.execute("UPDATE WHARF_QUEUE SET PURGED_AT = ? WHERE ID = ?", now, id));
        } finally {
            store.lock.unlock();
        }
        store.sync();
    }

    @Override
    public Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
        store.lock.lock();
        try {
            QueueState q = store.queue(queueUrl);
            store.advance(q, store.clock.millis());
            Map<String, String> all = new LinkedHashMap<>(q.config.toAttributes());
            all.put("ApproximateNumberOfMessages", Integer.toString(q.queued()));
            all.put("ApproximateNumberOfMessagesNotVisible", Integer.toString(q.inflight()));
            all.put("ApproximateNumberOfMessagesDelayed", Integer.toString(q.delayed()));
            all.put("CreatedTimestamp", Long.toString(q.createdAt / 1000));
            all.put("LastModifiedTimestamp", Long.toString(q.modifiedAt / 1000));
            all.put("QueueArn", Names.arn(q.name));
            if (names == null || names.contains("All")) {
                return all;
            }
            Map<String, String> picked = new LinkedHashMap<>();
            for (String n : names) {
                if (!all.containsKey(n) && !isKnownAttribute(n)) {
                    throw new QueueServiceException(INVALID_ATTRIBUTE_NAME, "unknown attribute " + n);
                }
                if (all.containsKey(n)) {
                    picked.put(n, all.get(n));
                }
            }
            return picked;
        } finally {
            store.lock.unlock();
        }
    }

    private static boolean isKnownAttribute(String n) {
        return Set.of(QueueConfig.REDRIVE_POLICY, QueueConfig.FIFO_QUEUE, QueueConfig.CONTENT_BASED_DEDUPLICATION,
                QueueConfig.DEDUPLICATION_WINDOW, QueueConfig.DEDUPLICATION_SCOPE).contains(n);
    }

    @Override
    public void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
        store.lock.lock();
        try {
            QueueState q = store.queue(queueUrl);
            QueueConfig config = q.config.with(attributes == null ? Map.of() : attributes);
            store.checkRedrive(q.name, config);
            long now = store.clock.millis();
            q.config = config;
            q.modifiedAt = now;
            store.advance(q, now);
            store.saveConfig(q);
        } finally {
            store.lock.unlock();
        }
        store.sync();
    }

    // ---- messages ----

    @Override
    public SendResult sendMessage(SendMessageRequest request) {
        return sends.send(request, MessageOptions.Options.DEFAULT);
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options) {
        return sends.send(request, options);
    }

    @Override
    public BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> entries) {
        return sends.sendBatch(queueUrl, entries);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request) {
        return receives.receive(request, -1, null, null);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageView> filter, BooleanSupplier cancelled) {
        return receives.receive(request, waitMillis, filter, cancelled);
    }

    @Override
    public List<ReceivedMessage> consumeMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageView> filter, BooleanSupplier cancelled) {
        return receives.consume(request, waitMillis, filter, cancelled);
    }

    @Override
    public void wakeUp(String queueUrl) {
        store.lock.lock();
        try {
            store.queue(queueUrl).available.signalAll();
        } finally {
            store.lock.unlock();
        }
    }

    @Override
    public List<ReceivedMessage> browse(String queueUrl, Predicate<MessageView> filter, int max) {
        return receives.browse(queueUrl, filter, max);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        CompletableFuture<Void> done;
        store.lock.lock();
        try {
            QueueState q = store.queue(queueUrl);
            store.advance(q, store.clock.millis());
            Msg m = store.currentMessage(q, receiptHandle, false);
            done = store.delete(m);
        } finally {
            store.lock.unlock();
        }
        store.journal.await(done);
    }

    @Override
    public BatchResult<String> deleteMessageBatch(String queueUrl, List<BatchEntry<String>> entries) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(BatchEntry::id).toList());
        return eachEntry(entries, e -> deleteMessage(queueUrl, e.value()));
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        Receives.checkVisibilityTimeout(visibilityTimeoutSeconds);
        CompletableFuture<Void> done;
        store.lock.lock();
        try {
            QueueState q = store.queue(queueUrl);
            long now = store.clock.millis();
            store.advance(q, now);
            Msg m = store.currentMessage(q, receiptHandle, true);
            done = store.changeVisibility(m, now + visibilityTimeoutSeconds * 1000L);
        } finally {
            store.lock.unlock();
        }
        store.journal.await(done);
    }

    @Override
    public BatchResult<String> changeMessageVisibilityBatch(String queueUrl,
                                                            List<BatchEntry<VisibilityChange>> entries) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(BatchEntry::id).toList());
        return eachEntry(entries, e -> changeMessageVisibility(queueUrl, e.value().receiptHandle(),
                e.value().visibilityTimeoutSeconds()));
    }

    private static <T> BatchResult<String> eachEntry(List<BatchEntry<T>> entries,
                                                     java.util.function.Consumer<BatchEntry<T>> action) {
        List<String> ok = new ArrayList<>();
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        for (BatchEntry<T> e : entries) {
            try {
                if (e.value() == null) {
                    throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, "batch entry " + e.id() + " has no receipt handle");
                }
                action.accept(e);
                ok.add(e.id());
            } catch (QueueServiceException ex) {
                if (ex.code().equals(QUEUE_DOES_NOT_EXIST)) {
                    throw ex;
                }
                failed.add(new BatchResultErrorEntry(e.id(), ex.code(), ex.detail(), ex.senderFault()));
            }
        }
        return new BatchResult<>(ok, failed);
    }

    // ---- transactions ----

    @Override
    public StoreTransaction begin() {
        store.checkOpen();
        return new DerbyTransaction(store, sends, topics);
    }

    @Override
    public StoreXAResource xaResource() {
        store.checkOpen();
        return new DerbyXAResource(store, sends, topics);
    }

    @Override
    public void close() {
        store.close();
    }
}
