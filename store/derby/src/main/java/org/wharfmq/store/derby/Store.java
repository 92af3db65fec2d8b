package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.MESSAGE_NOT_INFLIGHT;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;
import static org.wharfmq.store.ErrorCodes.SERVICE_UNAVAILABLE;

import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.ReceiptHandle;

/**
 * The shared state of one open store: queues, messages by row, dedup keys, ids, and the journal
 * that makes changes durable. One lock guards it all; it is held only for in-memory work, never
 * across a disk write or read.
 */
final class Store {
    /** Payload bytes of recent sends kept in memory for their receives. */
    static final long BODY_CACHE_BYTES = 32L << 20;
    final Clock clock;
    final Database db;
    final int defaultDedupWindow;
    final ReentrantLock lock = new ReentrantLock();
    final Map<String, QueueState> byName = new HashMap<>();
    final Map<Integer, QueueState> byId = new HashMap<>();
    final Map<String, Long> deletedAt = new HashMap<>();
    final Map<Long, Msg> byRow = new HashMap<>();
    final BodyCache bodies = new BodyCache(BODY_CACHE_BYTES);
    /** Reference counts of bodies shared by several messages (topic fan-out). */
    final Map<Long, int[]> sharedBodies = new HashMap<>();
    final Map<Integer, Dedup> dedup = new HashMap<>();
    final Map<Integer, Map<String, Receives.Attempt>> attempts = new HashMap<>();
    final Map<String, DerbyXAResource.Branch> branches = new HashMap<>();
    final Map<String, DerbyTopics.Topic> topics = new java.util.TreeMap<>();
    Ids ids;
    int nextQueueId = 1;
    Journal journal;
    private volatile boolean closed;

    Store(Clock clock, Database db, int defaultDedupWindow) {
        this.clock = clock;
        this.db = db;
        this.defaultDedupWindow = defaultDedupWindow;
    }

    static Store open(Database db, Clock clock, int defaultDedupWindow, String name) {
        Store s = new Store(clock, db, defaultDedupWindow);
        try {
            new Loader(s).load();
            s.journal = new Journal(db.writer(), s.lock, name);
        } catch (SQLException | RuntimeException e) {
            db.close();
            throw new QueueServiceException(SERVICE_UNAVAILABLE, "cannot open the store " + name + ": " + e, false, e);
        }
        return s;
    }

    void checkOpen() {
        if (closed) {
            throw new QueueServiceException(SERVICE_UNAVAILABLE, "the store is closed");
        }
    }

    boolean isClosed() {
        return closed;
    }

    /** The live queue at {@code url}; call under the lock. */
    QueueState queue(String url) {
        checkOpen();
        String name = Names.nameOfUrl(url);
        QueueState q = byName.get(name);
        if (q == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "queue " + name + " does not exist");
        }
        return q;
    }

    long nextId() {
        return ids.next(limit -> journal.post(w -> saveMeta(w, Ids.META_NEXT, Long.toString(limit))));
    }

    static void saveMeta(Writes w, String name, String value) throws SQLException {
        if (w.execute("UPDATE WHARF_META SET VAL = ? WHERE NAME = ?", value, name) == 0) {
            w.execute("INSERT INTO WHARF_META (NAME, VAL) VALUES (?, ?)", name, value);
        }
    }

    /** Waits until everything submitted so far is durable. */
    void sync() {
        journal.await(journal.submit(w -> { }, null));
    }

    /** Applies time to a queue: drops what retention ended and wakes messages whose time came. */
    void advance(QueueState q, long now) {
        int queued = q.queued();
        List<Msg> dropped = q.advance(now);
        if (!dropped.isEmpty()) {
            List<Journal.Step> steps = new ArrayList<>();
            for (Msg m : dropped) {
                steps.add(forget(m));
            }
            journal.postAll(steps);
        }
        if (q.queued() > queued) {
            q.available.signalAll();
        }
    }

    QueueState createQueueState(String name, int kind, String topic, String subscription, String tag,
                                QueueConfig config, long now) {
        QueueState q = QueueState.create(nextQueueId++, name, kind, config, now, lock.newCondition());
        q.tag = tag;
        byName.put(name, q);
        byId.put(q.id, q);
        deletedAt.remove(name);
        String attrs = encodeConfig(config);
        journal.post(w -> w.execute("INSERT INTO WHARF_QUEUE (ID, NAME, KIND, TOPIC, SUBSCRIPTION, TAG, ATTRS,"
                + " CREATED_AT, MODIFIED_AT, PURGED_AT, DELETED_AT) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)",
                q.id, name, kind, topic, subscription, tag, attrs, now, now));
        return q;
    }

    void saveConfig(QueueState q) {
        String attrs = encodeConfig(q.config);
        long modified = q.modifiedAt;
        int id = q.id;
        journal.post(w -> w.execute("UPDATE WHARF_QUEUE SET ATTRS = ?, MODIFIED_AT = ? WHERE ID = ?",
                attrs, modified, id));
    }

    /** Deletes a queue with its messages; its name is reserved for 60 s. */
    void dropQueue(QueueState q, long now) {
        purge(q);
        byName.remove(q.name);
        byId.remove(q.id);
        dedup.remove(q.id);
        attempts.remove(q.id);
        if (q.kind == QueueState.KIND_QUEUE) {
            deletedAt.put(q.name, now);
        }
        int id = q.id;
        journal.post(w -> w.execute("UPDATE WHARF_QUEUE SET DELETED_AT = ? WHERE ID = ?", now, id));
        q.available.signalAll();
    }

    /** Removes every message of a queue, in any state. */
    void purge(QueueState q) {
        List<Journal.Step> steps = new ArrayList<>();
        for (Msg m : q.liveMessages()) {
            if (m.state != Msg.HELD) {
                q.remove(m);
                steps.add(forget(m));
            }
        }
        attempts.remove(q.id);
        journal.postAll(steps);
    }

    /** Deletes a message the caller may delete (checked); durable when the future completes. */
    CompletableFuture<Void> delete(Msg m) {
        m.queue.remove(m);
        return journal.submit(forget(m), null);
    }

    /** Drops a removed message from the index; returns the step that deletes its rows. */
    Journal.Step forget(Msg m) {
        byRow.remove(m.rowId);
        long rowId = m.rowId;
        long bodyId = m.bodyId;
        boolean lastCopy = true;
        int[] refs = sharedBodies.get(bodyId);
        if (refs != null && --refs[0] > 0) {
            lastCopy = false;
        } else if (refs != null) {
            sharedBodies.remove(bodyId);
        }
        boolean deleteBody = lastCopy;
        if (deleteBody) {
            bodies.remove(bodyId);
        }
        return w -> {
            w.deleteMessage(rowId);
            if (deleteBody) {
                w.deleteBody(bodyId);
            }
        };
    }

    CompletableFuture<Void> changeVisibility(Msg m, long visibleAt) {
        QueueState q = m.queue;
        q.changeVisibility(m, visibleAt);
        Writes.Row row = Writes.Row.of(m);
        CompletableFuture<Void> done = journal.submit(w -> w.updateMessage(row), null);
        advance(q, clock.millis());
        return done;
    }

    /**
     * The message a receipt handle currently names in {@code q}: in flight under that very receive.
     * With {@code inflightCheck}, a current handle of a message no longer in flight is MessageNotInflight.
     */
    Msg currentMessage(QueueState q, String receiptHandle, boolean inflightCheck) {
        ReceiptHandle h = ReceiptHandle.decode(receiptHandle);
        Msg m = h == null ? null : byRow.get(h.rowId());
        if (m == null || h.queueId() != q.id || m.queue != q || m.receiveCount != h.receiveCount()
                || m.state == Msg.HELD) {
            throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, "receipt handle " + receiptHandle
                    + " is not the current handle of a message in queue " + q.name);
        }
        if (m.state != Msg.INFLIGHT) {
            if (inflightCheck) {
                throw new QueueServiceException(MESSAGE_NOT_INFLIGHT,
                        "the message of receipt handle " + receiptHandle + " is not in flight");
            }
            throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, "receipt handle " + receiptHandle
                    + " has expired: its visibility timeout ended");
        }
        return m;
    }

    /** Checks that a config's dead-letter queue exists, is of the same type and is not the queue itself. */
    void checkRedrive(String queueName, QueueConfig config) {
        QueueConfig.RedrivePolicy p = config.redrivePolicy();
        if (p == null) {
            return;
        }
        if (p.deadLetterQueue().equals(queueName)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    "queue " + queueName + " cannot be its own dead-letter queue");
        }
        QueueState dlq = byName.get(p.deadLetterQueue());
        if (dlq == null || dlq.kind != QueueState.KIND_QUEUE) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST,
                    "dead-letter queue " + p.deadLetterQueue() + " does not exist");
        }
        if (dlq.fifo() != config.fifo()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "dead-letter queue " + dlq.name + " is "
                    + (dlq.fifo() ? "FIFO" : "standard") + " but queue " + queueName + " is "
                    + (config.fifo() ? "FIFO" : "standard"));
        }
    }

    static String encodeConfig(QueueConfig c) {
        StringBuilder sb = new StringBuilder();
        c.toAttributes().forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }

    static QueueConfig decodeConfig(String name, String attrs, int defaultWindow) {
        Map<String, String> m = new HashMap<>();
        for (String line : attrs.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                m.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return QueueConfig.defaults(Names.isFifo(name), defaultWindow).with(m);
    }

    void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (QueueState q : byId.values()) {
                q.available.signalAll();
            }
        } finally {
            lock.unlock();
        }
        journal.close();
        db.close();
    }
}
