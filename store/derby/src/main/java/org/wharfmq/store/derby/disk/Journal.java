package org.wharfmq.store.derby.disk;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/**
 * The group-commit writer. Every change submitted since the last commit is written in one Derby
 * transaction and committed once; then their after-commit actions run (under the index's lock, in
 * submission order) and their futures complete, so concurrent callers share one commit. A caller
 * that waits ({@link #await}) writes the pending batch itself when no one else is writing, which
 * spares two thread hand-offs per commit. Changes nobody waits for, those {@link #post}ed (a
 * consumed message's delete, say) and unawaited sends ({@link #submitInBackground}), return to
 * their callers before they are written; they go with the next batch, a waiting caller's or the
 * journal thread's. As no caller sees their failures, the journal logs them.
 */
public final class Journal implements AutoCloseable {

    /** A durable change, written by whoever writes the batch that holds it. */
    public interface Step {
        void write(Writes w) throws SQLException;
    }

    /** The step of a change with nothing to write (to a message kept in memory): never queued. */
    public static final Step NONE = w -> { };

    /** A submitted change; {@code unawaited} when its caller does not wait for it. */
    private record Entry(Step step, Runnable afterCommit, CompletableFuture<Void> done, int bytes,
                         boolean unawaited) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(Journal.class);

    /** How often the thread looks for submitted changes that no caller came to write. */
    private static final long SWEEP_MILLIS = 20;
    /** Unwritten changes, and their bytes, beyond which {@link #throttle} holds a caller back. */
    static final int MAX_BACKLOG = 256;
    static final long MAX_BACKLOG_BYTES = 16L << 20;

    private final Database db;
    private Connection connection;
    private Writes writes;
    /** Set when Derby lost the database (a page it could not write): the next commit reopens it. */
    private boolean lost;
    private final Lock storeLock;
    private final Thread thread;
    private final ReentrantLock mutex = new ReentrantLock();
    private final Condition work = mutex.newCondition();
    private final Condition progress = mutex.newCondition();
    private List<Entry> pending = new ArrayList<>();
    private long pendingBytes;
    private boolean writing;
    private int awaiting;
    private boolean closing;

    public Journal(Database db, Lock storeLock, String name) throws SQLException {
        this.db = db;
        this.connection = db.writer();
        this.writes = new Writes(connection);
        this.storeLock = storeLock;
        this.thread = new Thread(this::run, "wharf-journal-" + name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /**
     * Queues a change that the caller will {@link #await}; {@code afterCommit} (may be null) runs
     * under the index's lock once it is durable.
     */
    public CompletableFuture<Void> submit(Step step, Runnable afterCommit) {
        return add(step, afterCommit, false, 0);
    }

    /** Queues several changes as one, as {@link #submit}. */
    public CompletableFuture<Void> submitAll(List<Step> steps, Runnable afterCommit) {
        return submit(all(steps), afterCommit);
    }

    /**
     * Like {@link #submit}, for a change of about {@code bytes} that its caller will not wait for:
     * the journal thread writes it. The caller should {@link #throttle} next.
     */
    public CompletableFuture<Void> submitInBackground(Step step, Runnable afterCommit, int bytes) {
        return add(step, afterCommit, true, bytes);
    }

    /** Queues a change that nobody waits for: the journal thread writes it. */
    public void post(Step step) {
        add(step, null, true, 0);
    }

    /** Queues several changes as one, as {@link #post}. */
    public void postAll(List<Step> steps) {
        post(all(steps));
    }

    private static Step all(List<Step> steps) {
        List<Step> real = new ArrayList<>(steps.size());
        for (Step s : steps) {
            if (s != NONE) {
                real.add(s);
            }
        }
        if (real.isEmpty()) {
            return NONE;
        }
        return real.size() == 1 ? real.get(0) : w -> {
            for (Step s : real) {
                s.write(w);
            }
        };
    }

    private CompletableFuture<Void> add(Step step, Runnable afterCommit, boolean unawaited, int bytes) {
        if (step == NONE && afterCommit == null) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        mutex.lock();
        try {
            if (closing) {
                throw new QueueServiceException(ErrorCodes.SERVICE_UNAVAILABLE, "the store is closed");
            }
            pending.add(new Entry(step, afterCommit, done, bytes, unawaited));
            pendingBytes += bytes;
            if (unawaited) {
                work.signal();
            }
        } finally {
            mutex.unlock();
        }
        return done;
    }

    /**
     * Holds back a caller that does not wait for its changes while more than {@link #MAX_BACKLOG}
     * changes or {@link #MAX_BACKLOG_BYTES} are unwritten, so that such callers cannot fill the
     * heap faster than the disk takes them.
     * Must not be called holding the index's lock.
     */
    public void throttle() {
        mutex.lock();
        try {
            while ((pending.size() > MAX_BACKLOG || pendingBytes > MAX_BACKLOG_BYTES) && !closing) {
                work.signal();
                progress.awaitUninterruptibly();
            }
        } finally {
            mutex.unlock();
        }
    }

    /**
     * Waits until a submitted change is durable, writing pending batches itself while no one else
     * is writing. Must not be called holding the index's lock.
     */
    public void await(CompletableFuture<Void> done) {
        if (!done.isDone()) {
            lead(done);
        }
        try {
            done.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof QueueServiceException q) {
                throw q;
            }
            throw new QueueServiceException(ErrorCodes.INTERNAL_FAILURE, "the store could not write: " + cause,
                    false, cause);
        }
    }

    private void lead(CompletableFuture<Void> done) {
        mutex.lock();
        awaiting++;
        try {
            while (!done.isDone()) {
                if (writing || pending.isEmpty()) {
                    // Someone is writing our change, or will write it next: wait for their commit.
                    progress.awaitUninterruptibly();
                    continue;
                }
                writePending();
            }
        } finally {
            awaiting--;
            if (awaiting == 0 && !pending.isEmpty()) {
                work.signal();
            }
            mutex.unlock();
        }
    }

    /** Writes the pending changes without holding the mutex; call with it held and nobody writing. */
    private void writePending() {
        List<Entry> batch = pending;
        pending = new ArrayList<>();
        pendingBytes = 0;
        writing = true;
        mutex.unlock();
        try {
            write(batch);
        } finally {
            mutex.lock();
            writing = false;
            progress.signalAll();
        }
    }

    private void run() {
        mutex.lock();
        try {
            while (true) {
                while (!closing && (writing || pending.isEmpty() || awaiting > 0)) {
                    if (pending.isEmpty()) {
                        work.awaitUninterruptibly();
                    } else {
                        work.await(SWEEP_MILLIS, TimeUnit.MILLISECONDS);
                    }
                }
                if (writing) {
                    progress.awaitUninterruptibly();
                    continue;
                }
                if (pending.isEmpty()) {
                    return;
                }
                writePending();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            mutex.unlock();
        }
    }

    private void write(List<Entry> batch) {
        if (!commit(batch)) {
            // One bad change must not sink the others: write them one by one.
            LOG.warn("A group commit of {} changes failed; writing them one by one", batch.size());
            for (Entry e : batch) {
                commit(List.of(e));
            }
        }
    }

    private boolean commit(List<Entry> batch) {
        try {
            if (lost) {
                reopen();
            }
            for (Entry e : batch) {
                e.step.write(writes);
            }
            writes.flush();
            connection.commit();
            writes.committed();
        } catch (SQLException | RuntimeException ex) {
            Faults.Kind kind = Faults.kind(ex);
            boolean fault = kind != Faults.Kind.OTHER;
            if (!lost) {
                try {
                    writes.discard();
                    connection.rollback();
                } catch (SQLException rollbackFailed) {
                    fault = true;
                }
            }
            if (fault) {
                // Derby's database went with the failed write: say it once, not per change.
                QueueServiceException told = Faults.of(db.dir(), "write", ex);
                if (!lost) {
                    LOG.warn("{}", told.getMessage());
                }
                lost = true;
                for (Entry e : batch) {
                    e.done.completeExceptionally(told);
                }
                return true;
            }
            if (batch.size() == 1) {
                Entry e = batch.get(0);
                if (e.unawaited) {
                    LOG.error("A change that no caller waits for could not be written", ex);
                }
                e.done.completeExceptionally(ex);
                return true;
            }
            return false;
        }
        storeLock.lock();
        try {
            for (Entry e : batch) {
                if (e.afterCommit != null) {
                    e.afterCommit.run();
                }
            }
        } finally {
            storeLock.unlock();
        }
        for (Entry e : batch) {
            e.done.complete(null);
        }
        return true;
    }

    /** Boots the database again after Derby lost it; throws, leaving {@link #lost} set, while it cannot. */
    private void reopen() throws SQLException {
        try {
            writes.close();
        } catch (SQLException gone) {
            // Statements of the lost connection.
        }
        connection = db.reopenWriter();
        writes = new Writes(connection);
        lost = false;
        LOG.warn("Store {} reopened its database and goes on", db.dir());
    }

    /** Writes what is pending, then stops the thread. */
    @Override
    public void close() {
        mutex.lock();
        try {
            closing = true;
            work.signal();
        } finally {
            mutex.unlock();
        }
        try {
            thread.join();
            writes.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException ignored) {
            // Closing statements of a connection that is going away.
        }
    }
}
