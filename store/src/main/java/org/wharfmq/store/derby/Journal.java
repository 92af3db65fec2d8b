package org.wharfmq.store.derby;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.Lock;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/**
 * The group-commit writer: one thread takes every change submitted since its last commit, writes
 * them in one Derby transaction and commits once, then runs their after-commit actions (under the
 * service lock, in submission order) and completes their futures. A caller returns only once its
 * change is durable; concurrent callers share the cost of one commit.
 */
final class Journal implements AutoCloseable {

    /** A durable change, written on the journal thread. */
    interface Step {
        void write(Writes w) throws SQLException;
    }

    private record Entry(Step step, Runnable afterCommit, CompletableFuture<Void> done) {
    }

    private final Connection connection;
    private final Writes writes;
    private final Lock stateLock;
    private final Thread thread;
    private final Object monitor = new Object();
    private List<Entry> pending = new ArrayList<>();
    private boolean closing;
    private long commits;

    Journal(Connection connection, Lock stateLock, String name) throws SQLException {
        this.connection = connection;
        this.writes = new Writes(connection);
        this.stateLock = stateLock;
        this.thread = new Thread(this::run, "wharf-journal-" + name);
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Queues a change; {@code afterCommit} (may be null) runs under the service lock once it is durable. */
    CompletableFuture<Void> submit(Step step, Runnable afterCommit) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        synchronized (monitor) {
            if (closing) {
                throw new QueueServiceException(ErrorCodes.SERVICE_UNAVAILABLE, "the store is closed");
            }
            pending.add(new Entry(step, afterCommit, done));
            monitor.notify();
        }
        return done;
    }

    /** Queues several changes as one; {@code afterCommit} as for {@link #submit}. */
    CompletableFuture<Void> submitAll(List<Step> steps, Runnable afterCommit) {
        return submit(w -> {
            for (Step s : steps) {
                s.write(w);
            }
        }, afterCommit);
    }

    /** Waits until a submitted change is durable; must not be called holding the service lock. */
    static void await(CompletableFuture<Void> done) {
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

    long commits() {
        return commits;
    }

    private void run() {
        while (true) {
            List<Entry> batch;
            synchronized (monitor) {
                while (pending.isEmpty() && !closing) {
                    try {
                        monitor.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (pending.isEmpty()) {
                    return;
                }
                batch = pending;
                pending = new ArrayList<>();
            }
            if (!commit(batch)) {
                // One bad change must not sink the others: write them one by one.
                for (Entry e : batch) {
                    commit(List.of(e));
                }
            }
        }
    }

    private boolean commit(List<Entry> batch) {
        try {
            for (Entry e : batch) {
                e.step.write(writes);
            }
            writes.flush();
            connection.commit();
            commits++;
        } catch (SQLException | RuntimeException ex) {
            try {
                writes.discard();
                connection.rollback();
            } catch (SQLException ignored) {
                // The connection is gone; the futures carry the original failure.
            }
            if (batch.size() == 1) {
                batch.get(0).done.completeExceptionally(ex);
                return true;
            }
            return false;
        }
        stateLock.lock();
        try {
            for (Entry e : batch) {
                if (e.afterCommit != null) {
                    e.afterCommit.run();
                }
            }
        } finally {
            stateLock.unlock();
        }
        for (Entry e : batch) {
            e.done.complete(null);
        }
        return true;
    }

    /** Writes what is pending, then stops the thread. */
    @Override
    public void close() {
        synchronized (monitor) {
            closing = true;
            monitor.notify();
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
