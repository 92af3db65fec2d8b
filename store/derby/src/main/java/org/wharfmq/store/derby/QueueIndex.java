package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.MESSAGE_NOT_INFLIGHT;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;
import static org.wharfmq.store.ErrorCodes.SERVICE_UNAVAILABLE;

import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.derby.disk.Database;
import org.wharfmq.store.derby.disk.Journal;
import org.wharfmq.store.derby.disk.Writes;
import org.wharfmq.store.derby.index.BodyCache;
import org.wharfmq.store.derby.index.ColdTail;
import org.wharfmq.store.derby.index.Ids;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.Publish;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.ReceiptHandle;

/**
 * The in-memory index of one open store: its table of queues ({@link QueueTable}: live queues by
 * name and id, the names of queues deleted less than 60 s ago, each FIFO queue's dedup keys),
 * messages by row, the bodies that several messages share and the id counter; and the
 * {@link Journal} that makes its changes durable.
 *
 * <p>One lock guards the index and the state the features keep beside it (topics in
 * {@link DerbyTopics}, XA branches in {@link XaBranches}, receive attempts in {@link Receives},
 * the memory of non-durable messages in {@link NonDurableMemory}), so that one decision sees all
 * of it at one moment. Every decision has the same shape:
 * <pre>
 *   index.lock();
 *   try {
 *       decide with the verbs below; submit the durable change to journal()
 *   } finally {
 *       index.unlock();
 *   }
 *   journal().await(change); read bodies      // without the lock
 * </pre>
 * The lock is held for microseconds of work in memory, never across a disk write or read. The
 * verbs that need it say "under the lock" and assert it; the journal runs after-commit actions
 * (a send's {@link #publish}) under it too. The {@link Loader} fills a new index, with the restore
 * verbs, before the journal starts and anyone else can see it.
 */
final class QueueIndex {
    /** Payload bytes of recent sends kept in memory for their receives. */
    private static final long BODY_CACHE_BYTES = 32L << 20;

    private final ReentrantLock lock = new ReentrantLock();
    private final Clock clock;
    private final Database db;
    private final int defaultDedupWindow;
    private final NonDurableMemory memory;
    private final BodyCache bodies = new BodyCache(BODY_CACHE_BYTES);
    private final QueueTable queues = new QueueTable(this);
    private final Map<Long, Msg> byRow = new HashMap<>();
    /** Reference counts of bodies shared by several messages (topic fan-out). */
    private final Map<Long, int[]> sharedBodies = new HashMap<>();
    private Ids ids;
    private Journal journal;
    private Arrivals arrivals;
    private Pager pager;
    private volatile boolean closed;

    QueueIndex(Clock clock, Database db, int defaultDedupWindow, NonDurableMemory.Limit inMemory) {
        this.clock = clock;
        this.db = db;
        this.defaultDedupWindow = defaultDedupWindow;
        this.memory = new NonDurableMemory(this, lock, inMemory);
    }

    /** Starts the journal, once the Loader has filled the index. */
    void startJournal(String name) throws SQLException {
        journal = new Journal(db, lock, name);
        arrivals = new Arrivals(this, lock.newCondition(), name);
        pager = new Pager(this, db, name);
        lock.lock();
        try {
            for (QueueState q : queues.all()) {
                pager.wake(q);
            }
        } finally {
            lock.unlock();
        }
    }

    // ---- the lock ----

    /** Takes the index's lock; always paired with {@link #unlock} in a finally block. */
    void lock() {
        lock.lock();
    }

    void unlock() {
        lock.unlock();
    }

    /** Whether the caller may use the index: it holds the lock, or the Loader is still filling it. */
    boolean locked() {
        return journal == null || lock.isHeldByCurrentThread();
    }

    // ---- collaborators ----

    long now() {
        return clock.millis();
    }

    Journal journal() {
        return journal;
    }

    /** Reads the part of deep queues on disk back into memory. */
    Pager pager() {
        return pager;
    }

    /** Who watches which queue for arrivals. */
    Arrivals arrivals() {
        return arrivals;
    }

    /** Payloads of recent sends; thread-safe on its own. */
    BodyCache bodies() {
        return bodies;
    }

    /** The memory that non-durable messages hold, and the pace of their senders. Under the lock. */
    NonDurableMemory memory() {
        return memory;
    }

    /** The DeduplicationWindow of new FIFO queues. */
    int defaultDedupWindow() {
        return defaultDedupWindow;
    }

    void checkOpen() {
        if (closed) {
            throw new QueueServiceException(SERVICE_UNAVAILABLE, "the store is closed");
        }
    }

    boolean isClosed() {
        return closed;
    }

    // ---- queues ----

    /** The live queue (or subscription) at {@code url}, else QueueDoesNotExist. Under the lock. */
    QueueState queue(String url) {
        assert locked();
        checkOpen();
        String name = Names.nameOfUrl(url);
        QueueState q = queues.named(name);
        if (q == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "queue " + name + " does not exist");
        }
        return q;
    }

    /** The live queues by name and id, the names reserved after a delete, dedup keys. Under the lock. */
    QueueTable queues() {
        return queues;
    }

    /** Adds a queue or subscription and submits its row. Under the lock. */
    QueueState addQueue(String name, int kind, String topic, String subscription, String tag, QueueConfig config,
                        long now) {
        assert locked();
        QueueState q = QueueState.create(queues.newId(), name, kind, config, now, lock.newCondition());
        q.tag = tag;
        q.watchers = arrivals.of(name);
        queues.add(q);
        int id = q.id;
        journal.post(w -> w.insertQueue(id, name, kind, topic, subscription, tag, config, now));
        return q;
    }

    /** Submits a queue's changed attributes. Under the lock. */
    void saveConfig(QueueState q) {
        assert locked();
        QueueConfig config = q.config;
        long modified = q.modifiedAt;
        int id = q.id;
        journal.post(w -> w.updateQueueAttributes(id, config, modified));
    }

    /** Deletes a queue with its messages; a queue's name is reserved for 60 s. Under the lock. */
    void dropQueue(QueueState q, long now) {
        assert locked();
        purge(q);
        queues.remove(q, now);
        int id = q.id;
        journal.post(w -> w.markQueueDeleted(id, now));
        q.available.signalAll();
    }

    /** Removes every message of a queue that no prepared branch holds, on disk only or not. Under the lock. */
    void purge(QueueState q) {
        assert locked();
        List<Journal.Step> steps = new ArrayList<>();
        List<Long> held = new ArrayList<>();
        for (Msg m : q.liveMessages()) {
            if (m.state != Msg.HELD) {
                q.remove(m);
                steps.add(forget(m));
            } else {
                held.add(m.rowId);
            }
        }
        if (q.cold != null) {
            steps.addAll(dropCold(q, held));
        }
        journal.postAll(steps);
    }

    /** Forgets a queue's tail on disk; returns the steps that delete its rows, sparing {@code held}. Under the lock. */
    private List<Journal.Step> dropCold(QueueState q, List<Long> held) {
        ColdTail cold = q.cold;
        q.cold = null;
        int id = q.id;
        List<Journal.Step> steps = new ArrayList<>();
        long[] chunk = new long[4096];
        int[] n = {0};
        LongConsumer add = rowId -> {
            chunk[n[0]++] = rowId;
            if (n[0] == chunk.length) {
                long[] ids = chunk.clone();
                steps.add(w -> w.deleteRows(id, ids));
                n[0] = 0;
            }
        };
        for (long rowId : cold.inTransit) {
            add.accept(rowId);
        }
        cold.walked.drainTo(add);
        cold.sent.drainTo(add);
        long[] rest = Arrays.copyOf(chunk, n[0]);
        steps.add(w -> w.deleteRows(id, rest));
        if (cold.walking()) {
            // The unwalked rows, in ranges around those a prepared branch holds.
            long after = cold.walkedUpTo;
            long upTo = cold.openedUpTo;
            held.sort(null);
            for (long h : held) {
                if (h > after && h <= upTo) {
                    long from = after;
                    steps.add(w -> w.deleteRange(id, from, h - 1));
                    after = h;
                }
            }
            long from = after;
            steps.add(w -> w.deleteRange(id, from, upTo));
        }
        return steps;
    }

    /** Applies time to a queue: drops what retention ended and wakes messages whose time came. Under the lock. */
    void advance(QueueState q, long now) {
        assert locked();
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
            q.signal();
        }
    }

    // ---- messages ----

    /** The indexed message of row {@code rowId}, or null. Under the lock. */
    Msg message(long rowId) {
        assert locked();
        return byRow.get(rowId);
    }

    /** Whether {@code m} is still indexed: not deleted, purged or expired since. Under the lock. */
    boolean contains(Msg m) {
        return message(m.rowId) == m;
    }

    /**
     * Makes a durable message deliverable: the after-commit action of a send, run by the journal
     * under the lock, in submission order.
     */
    void publish(Msg m) {
        assert locked();
        QueueState q = m.queue;
        if (!queues.isLive(q)) {
            // The queue was deleted while the send was being written.
            journal.post(forget(m));
            return;
        }
        if (Pager.pages(q) && m.state == Msg.QUEUED && !m.inMemory && (q.cold != null || q.queued() >= Pager.HEAD)) {
            // The head is full: the message stays on disk until the pager reads it back.
            if (q.cold == null) {
                q.cold = new ColdTail(0, 0);
            }
            q.cold.sent.add(m.rowId);
            bodies.remove(m.bodyId);
            return;
        }
        byRow.put(m.rowId, m);
        q.add(m);
        // All waiters: a filtered receive may not want this message while another does.
        q.signal();
    }

    /** Indexes rows the pager read back from a queue's tail; they come in row order. Under the lock. */
    void pageIn(QueueState q, List<Msg> rows) {
        assert locked();
        rows.sort(java.util.Comparator.comparingLong(m -> m.seq));
        int queued = q.queued();
        for (Msg m : rows) {
            if (byRow.containsKey(m.rowId)) {
                continue;
            }
            byRow.put(m.rowId, m);
            q.add(m);
        }
        advance(q, clock.millis());
        if (q.queued() > queued) {
            q.signal();
        }
    }

    /** A receive took from {@code q}: the pager refills its head if it runs low. Under the lock. */
    void took(QueueState q) {
        assert locked();
        if (q.cold != null) {
            pager.wake(q);
        }
    }

    /** Records that {@code copies} messages share body {@code bodyId}, which goes with the last. Under the lock. */
    void shareBody(long bodyId, int copies) {
        assert locked();
        sharedBodies.put(bodyId, new int[] {copies});
    }

    /**
     * The message a receipt handle currently names in {@code q}: in flight under that very receive.
     * With {@code inflightCheck}, a current handle of a message no longer in flight is MessageNotInflight.
     * Under the lock.
     */
    Msg currentMessage(QueueState q, String receiptHandle, boolean inflightCheck) {
        assert locked();
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

    /**
     * Deletes a message the caller may delete (checked); durable when the future completes. A leased
     * message's receive was not waited for, and neither is its delete: it is posted, and the future
     * is complete at once. Under the lock.
     */
    CompletableFuture<Void> delete(Msg m) {
        assert locked();
        m.queue.remove(m);
        if (m.leased) {
            journal.post(forget(m));
            return CompletableFuture.completedFuture(null);
        }
        return journal.submit(forget(m), null);
    }

    /** Drops a removed message from the index; returns the step that deletes its rows. Under the lock. */
    Journal.Step forget(Msg m) {
        assert locked();
        byRow.remove(m.rowId);
        long rowId = m.rowId;
        int queueId = m.queue.id;
        long bodyId = m.bodyId;
        boolean lastCopy = true;
        int[] refs = sharedBodies.get(bodyId);
        if (refs != null && --refs[0] > 0) {
            lastCopy = false;
        } else if (refs != null) {
            sharedBodies.remove(bodyId);
        }
        long pinned = lastCopy ? bodies.remove(bodyId) : 0;
        if (m.inMemory) {
            memory.release(NonDurableMemory.OVERHEAD + pinned);
            return Journal.NONE;
        }
        // An inline body goes with its row.
        boolean deleteBody = lastCopy && !m.bodyInRow;
        Publish p = m.publish;
        int copy = m.copy;
        return w -> {
            if (p != null) {
                w.dropCopy(p, copy);
            } else {
                w.deleteMessage(queueId, rowId);
            }
            if (deleteBody) {
                w.deleteBody(bodyId);
            }
        };
    }

    /** Sets an in-flight message's visibility deadline; durable when the future completes. Under the lock. */
    CompletableFuture<Void> changeVisibility(Msg m, long visibleAt) {
        assert locked();
        QueueState q = m.queue;
        q.changeVisibility(m, visibleAt);
        // The row written now holds the receive a lease did not write.
        m.leased = false;
        CompletableFuture<Void> done = journal.submit(update(m), null);
        advance(q, clock.millis());
        return done;
    }

    /**
     * Moves a message to the end of queue {@code to} as a new arrival, keeping its id, body, sent
     * time and group; its receive count starts again. Returns the step that writes it. Under the lock.
     */
    Journal.Step move(Msg m, QueueState to, long now) {
        assert locked();
        int from = m.queue.id;
        m.queue.remove(m);
        m.state = Msg.QUEUED;
        m.seq = nextId();
        m.receiveCount = 0;
        m.firstReceiveAt = 0;
        m.visibleAt = now;
        to.add(m);
        to.signal();
        if (m.inMemory) {
            return Journal.NONE;
        }
        if (m.publish != null) {
            return writeOut(m);
        }
        Writes.Row row = Writes.Row.of(m);
        return w -> w.moveMessage(from, row);
    }

    /** The step that writes a message's changed state; nothing for a message kept in memory. Under the lock. */
    Journal.Step update(Msg m) {
        assert locked();
        if (m.inMemory) {
            return Journal.NONE;
        }
        if (m.publish != null) {
            return writeOut(m);
        }
        Writes.Row row = Writes.Row.of(m);
        return w -> w.updateMessage(row);
    }

    /**
     * The step that writes a receive: as {@link #update} (or {@link #leaseUpdate} when leased),
     * but for the first receive of a publish's copy, a bit in the publish row. Under the lock.
     */
    Journal.Step received(Msg m) {
        assert locked();
        if (m.publish != null && m.receiveCount == 1) {
            Publish p = m.publish;
            int copy = m.copy;
            return w -> w.receivedCopy(p, copy);
        }
        return m.leased ? leaseUpdate(m) : update(m);
    }

    /**
     * Gives a publish's copy a WHARF_MESSAGE row of its own, in its current queue and state, and
     * takes it off the publish's list; the step that writes both. Under the lock.
     */
    private Journal.Step writeOut(Msg m) {
        Publish p = m.publish;
        int copy = m.copy;
        m.publish = null;
        Writes.Row row = Writes.Row.of(m);
        return w -> {
            w.insertMessage(row, null);
            w.dropCopy(p, copy);
        };
    }

    /**
     * The step that writes a leased message's receive (its count), skipped if the message was
     * deleted before the journal got to it: its delete follows in the journal. Under the lock.
     */
    private Journal.Step leaseUpdate(Msg m) {
        assert locked();
        if (m.inMemory) {
            return Journal.NONE;
        }
        if (m.publish != null) {
            return writeOut(m);
        }
        Writes.Row row = Writes.Row.of(m);
        // Read without the lock: a stale state only costs a write the delete then undoes.
        return w -> {
            if (m.live()) {
                w.updateMessage(row);
            }
        };
    }

    // ---- ids ----

    /** The next id of the store-wide counter (rows, bodies, sequence numbers). Under the lock. */
    long nextId() {
        assert locked();
        return ids.next(limit -> journal.post(w -> w.saveMeta(Ids.META_NEXT, Long.toString(limit))));
    }

    /** The MessageId of a body. */
    String messageId(long bodyId) {
        return ids.messageId(bodyId);
    }

    /** Waits until everything submitted so far is durable. Not under the lock. */
    void sync() {
        journal.await(journal.submit(w -> { }, null));
    }

    // ---- restore, for the Loader ----

    void restoreIds(Ids loaded) {
        ids = loaded;
    }

    /** Indexes a loaded queue or subscription; the Loader restores the rest of the table in {@link #queues()}. */
    QueueState restoreQueue(int id, String name, int kind, QueueConfig config, long createdAt) {
        QueueState q = QueueState.create(id, name, kind, config, createdAt, lock.newCondition());
        queues.put(q);
        return q;
    }

    /** Indexes a loaded message in its queue; messages come in sequence order. */
    void restoreMessage(Msg m) {
        byRow.put(m.rowId, m);
        m.queue.add(m);
    }

    void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (QueueState q : queues.all()) {
                q.available.signalAll();
            }
            memory.wakeAll();
            if (arrivals != null) {
                arrivals.close();
            }
        } finally {
            lock.unlock();
        }
        if (pager != null) {
            pager.close();
        }
        journal.close();
        db.close();
    }
}
