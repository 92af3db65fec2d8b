package org.wharfmq.store.derby;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.derby.disk.Database;
import org.wharfmq.store.derby.disk.MessageRows;
import org.wharfmq.store.derby.index.ColdTail;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.QueueState;

/**
 * Keeps the head of each deep standard queue in memory and the rest on disk ({@link ColdTail}).
 * A queue's head holds up to {@link #HEAD} messages; a send beyond that leaves only its row id in
 * memory. When a receive leaves fewer than half of that, this store's pager thread reads the next
 * rows back in order. After an open it also walks the ids of the rows the loader left on disk.
 */
final class Pager {
    private static final Logger LOG = LoggerFactory.getLogger(Pager.class);

    /** Messages of one queue kept in memory before its new ones stay on disk. */
    static final int HEAD = 50_000;
    /** Rows read back at a time. */
    private static final int BATCH = 2_000;
    /** Ids the walk reads at a time. */
    static final int WALK = 50_000;

    private final QueueIndex index;
    private final Database db;
    private final ExecutorService thread;

    Pager(QueueIndex index, Database db, String storeName) {
        this.index = index;
        this.db = db;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "wharf-pager-" + storeName);
            t.setDaemon(true);
            return t;
        });
    }

    /** Whether new messages of {@code q} may stay on disk: a standard queue, not a subscription. */
    static boolean pages(QueueState q) {
        return q.kind == QueueState.KIND_QUEUE && !q.fifo() && !q.whole;
    }

    /** Whether the pager should read rows of {@code q} back now. Under the lock. */
    private static boolean low(QueueState q) {
        return q.whole || q.queued() < HEAD / 2;
    }

    /** Starts a step for {@code q} if its tail has work and none is queued. Under the lock. */
    void wake(QueueState q) {
        assert index.locked();
        ColdTail cold = q.cold;
        if (cold == null || cold.busy || !(cold.walking() || low(q))) {
            return;
        }
        cold.busy = true;
        try {
            thread.execute(() -> {
                boolean ok = work(q, cold);
                finish(q, cold, ok);
            });
        } catch (RejectedExecutionException closed) {
            cold.busy = false;
        }
    }

    /**
     * Reads rows back until {@code q} has {@code need} visible messages in memory or its tail has
     * none to give now, in the caller's thread, or waits for the pager's step if one runs; whether
     * it added any. A receive calls it so that a message on disk is never missed. Not under the lock.
     */
    boolean fill(QueueState q, int need) {
        int before = -1;
        for (int round = 0; round < 1000; round++) {
            ColdTail cold;
            index.lock();
            try {
                cold = q.cold;
                if (before < 0) {
                    before = q.queued();
                }
                if (cold == null || q.queued() >= need || index.isClosed() || cold.size() == 0 && !cold.walking()) {
                    return q.queued() > before;
                }
                if (cold.busy) {
                    q.available.awaitNanos(50_000_000L);
                    continue;
                }
                cold.busy = true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } finally {
                index.unlock();
            }
            boolean ok = work(q, cold);
            finish(q, cold, ok);
            if (!ok) {
                return false;
            }
        }
        return false;
    }

    /** One step: pages in a batch if the head is low, walks a chunk if the walk is not done; false if it failed. */
    private boolean work(QueueState q, ColdTail cold) {
        long[] ids;
        long walkFrom;
        long walkTo;
        index.lock();
        try {
            if (q.cold != cold || index.isClosed()) {
                return true;
            }
            ids = cold.inTransit.length > 0 ? cold.inTransit
                    : q.whole ? cold.take(BATCH)
                    : low(q) ? cold.take(Math.min(BATCH, HEAD - q.queued())) : cold.inTransit;
            walkFrom = cold.walking() ? cold.walkedUpTo : -1;
            walkTo = cold.openedUpTo;
        } finally {
            index.unlock();
        }
        try {
            if (ids.length > 0) {
                List<Msg> rows = MessageRows.read(db, q, ids, index.now(), index.bodies());
                index.lock();
                try {
                    if (q.cold == cold) {
                        index.pageIn(q, rows);
                        cold.landed();
                    }
                } finally {
                    index.unlock();
                }
            }
            if (walkFrom >= 0) {
                long[] walked = MessageRows.ids(db, q.id, walkFrom, walkTo, WALK);
                index.lock();
                try {
                    if (q.cold == cold) {
                        for (long id : walked) {
                            if (index.message(id) == null) {
                                cold.walked.add(id);
                            }
                        }
                        cold.walkedUpTo = walked.length < WALK ? walkTo : walked[walked.length - 1];
                    }
                } finally {
                    index.unlock();
                }
            }
            return true;
        } catch (RuntimeException e) {
            if (index.isClosed()) {
                return false;
            }
            LOG.warn("Reading the part of queue {} on disk failed; a later receive tries again: {}", q.name,
                    e.toString());
            return false;
        }
    }

    /** Ends a step: drops an empty tail, or starts the next step if there is work. */
    private void finish(QueueState q, ColdTail cold, boolean ok) {
        index.lock();
        try {
            cold.busy = false;
            q.available.signalAll();
            if (q.cold != cold) {
                return;
            }
            if (cold.isEmpty()) {
                q.cold = null;
            } else if (ok) {
                wake(q);
            }
        } finally {
            index.unlock();
        }
    }

    /** Lets a running step end (it reads at most one batch) before the database closes. */
    void close() {
        thread.shutdown();
        try {
            thread.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
