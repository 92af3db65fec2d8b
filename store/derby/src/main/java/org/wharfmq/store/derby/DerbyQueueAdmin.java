package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.PURGE_QUEUE_IN_PROGRESS;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;
import static org.wharfmq.store.ErrorCodes.QUEUE_DELETED_RECENTLY;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.derby.index.Counters;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;

/**
 * Queue administration: CreateQueue, DeleteQueue, GetQueueUrl, ListQueues, PurgeQueue and the
 * queue attributes. Each change is durable before the call returns.
 */
final class DerbyQueueAdmin {
    /** How long after a purge the queue cannot be purged again (PurgeQueueInProgress). */
    private static final long PURGE_INTERVAL_MILLIS = 60_000;

    private final QueueIndex index;
    private final Receives receives;

    DerbyQueueAdmin(QueueIndex index, Receives receives) {
        this.index = index;
        this.receives = receives;
    }

    String createQueue(String queueName, Map<String, String> attributes) {
        boolean fifo = Names.checkQueueName(queueName);
        Map<String, String> given = attributes == null ? Map.of() : attributes;
        QueueConfig config = QueueConfig.defaults(fifo, index.defaultDedupWindow()).with(given);
        index.lock();
        try {
            index.checkOpen();
            long now = index.now();
            QueueState existing = index.queues().named(queueName);
            if (existing != null) {
                if (!existing.config.with(given).equals(existing.config)) {
                    throw new QueueServiceException(QUEUE_ALREADY_EXISTS,
                            "queue " + queueName + " exists with other attributes than " + given);
                }
                return Names.url(queueName);
            }
            if (index.queues().recentlyDeleted(queueName, now)) {
                throw new QueueServiceException(QUEUE_DELETED_RECENTLY, "queue " + queueName
                        + " was deleted less than 60 s ago; its name can be used again after that");
            }
            checkRedrive(queueName, config);
            index.addQueue(queueName, QueueState.KIND_QUEUE, null, null, null, config, now);
        } finally {
            index.unlock();
        }
        index.sync();
        return Names.url(queueName);
    }

    void deleteQueue(String queueUrl) {
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            index.dropQueue(q, index.now());
            receives.forgetAttempts(q);
        } finally {
            index.unlock();
        }
        index.sync();
    }

    String getQueueUrl(String queueName) {
        Names.checkQueueName(queueName);
        index.lock();
        try {
            index.checkOpen();
            QueueState q = index.queues().named(queueName);
            if (q == null || q.kind != QueueState.KIND_QUEUE) {
                throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "queue " + queueName + " does not exist");
            }
            return Names.url(queueName);
        } finally {
            index.unlock();
        }
    }

    List<String> listQueues(String prefix) {
        index.lock();
        try {
            index.checkOpen();
            return index.queues().all().stream()
                    .filter(q -> q.kind == QueueState.KIND_QUEUE)
                    .map(q -> q.name)
                    .filter(n -> prefix == null || n.startsWith(prefix))
                    .sorted()
                    .map(Names::url)
                    .toList();
        } finally {
            index.unlock();
        }
    }

    void purgeQueue(String queueUrl) {
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            long now = index.now();
            if (q.lastPurgeAt != 0 && now - q.lastPurgeAt < PURGE_INTERVAL_MILLIS) {
                throw new QueueServiceException(PURGE_QUEUE_IN_PROGRESS,
                        "queue " + q.name + " was purged less than 60 s ago");
            }
            q.lastPurgeAt = now;
            index.purge(q);
            receives.forgetAttempts(q);
            int id = q.id;
            index.journal().post(w -> w.markQueuePurged(id, now));
        } finally {
            index.unlock();
        }
        index.sync();
    }

    /** The queue's figures; its age is that of the oldest message in any state, by its send time. */
    QueueStatistics.Snapshot statistics(String queueUrl) {
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            long now = index.now();
            index.advance(q, now);
            long oldest = q.oldestSentAt();
            Counters c = q.counters;
            return new QueueStatistics.Snapshot(q.queued() + q.coldCount(), q.inflight(), q.delayed(),
                    oldest < 0 ? 0 : Math.max(0, now - oldest) / 1000, c.sent, c.received, c.deleted,
                    c.emptyReceives, c.deduplicated, c.movedToDeadLetterQueue);
        } finally {
            index.unlock();
        }
    }

    /** Whether the pager still walks the ids on disk that the open left uncounted. */
    boolean counting(String queueUrl) {
        index.lock();
        try {
            return index.queue(queueUrl).countingColdTail();
        } finally {
            index.unlock();
        }
    }

    Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            index.advance(q, index.now());
            return q.config.describe(q.name, q.queued() + q.coldCount(), q.inflight(), q.delayed(), q.createdAt,
                    q.modifiedAt, names);
        } finally {
            index.unlock();
        }
    }

    void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            QueueConfig config = q.config.with(attributes == null ? Map.of() : attributes);
            checkRedrive(q.name, config);
            long now = index.now();
            q.config = config;
            q.modifiedAt = now;
            index.advance(q, now);
            index.saveConfig(q);
        } finally {
            index.unlock();
        }
        index.sync();
    }

    /** Checks that a config's dead-letter queue exists, is of the same type and is not the queue itself. */
    private void checkRedrive(String queueName, QueueConfig config) {
        if (config.redrivePolicy() != null) {
            QueueState dlq = index.queues().named(config.redrivePolicy().deadLetterQueue());
            config.checkDeadLetterQueue(queueName, dlq == null || dlq.kind != QueueState.KIND_QUEUE ? null : dlq.fifo());
        }
    }
}
