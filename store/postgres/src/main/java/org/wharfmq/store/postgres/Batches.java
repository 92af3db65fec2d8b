package org.wharfmq.store.postgres;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Like requests of several threads in one transaction (a group commit): a thread that finds fewer
 * than {@code leaders} batches running runs every request waiting, its own among them, up to
 * {@code max} at once, while the others wait for a commit. Alone, a request runs at once, as it
 * would without this. Each request gets its own result, or its batch's failure; a batch runs in
 * the thread of one of its requests.
 */
final class Batches<R, T> {
    /** Batches of one kind that run at once in a store: enough to keep two cores busy. */
    static final int LEADERS = 2;

    /** Runs {@code requests} in {@code u}: a result for each, in their order. */
    @FunctionalInterface
    interface Work<R, T> {
        List<T> run(Unit u, List<R> requests) throws SQLException;
    }

    private final class Entry {
        final R request;
        boolean done;
        T result;
        RuntimeException failure;

        Entry(R request) {
            this.request = request;
        }
    }

    private final PgContext ctx;
    private final String what;
    private final int leaders;
    private final int max;
    private final Work<R, T> work;
    private final ArrayDeque<Entry> waiting = new ArrayDeque<>();
    private int running;

    Batches(PgContext ctx, String what, int leaders, int max, Work<R, T> work) {
        this.ctx = ctx;
        this.what = what;
        this.leaders = leaders;
        this.max = max;
        this.work = work;
    }

    /**
     * Runs {@code request} in the next batch; returns its result or throws the batch's failure. A
     * batch is one transaction, so the wait for it is not interrupted (the interrupt is kept).
     */
    T run(R request) {
        Entry mine = new Entry(request);
        boolean interrupted = false;
        synchronized (this) {
            waiting.add(mine);
        }
        try {
            while (true) {
                List<Entry> batch = new ArrayList<>();
                synchronized (this) {
                    while (!mine.done && running >= leaders) {
                        try {
                            wait();
                        } catch (InterruptedException e) {
                            interrupted = true;
                        }
                    }
                    if (mine.done) {
                        return result(mine);
                    }
                    running++;
                    while (batch.size() < max && !waiting.isEmpty()) {
                        batch.add(waiting.poll());
                    }
                }
                runBatch(batch);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void runBatch(List<Entry> batch) {
        List<T> results = null;
        RuntimeException failure = null;
        try {
            List<R> requests = new ArrayList<>(batch.size());
            batch.forEach(e -> requests.add(e.request));
            results = ctx.run(what, u -> work.run(u, requests));
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            synchronized (this) {
                for (int i = 0; i < batch.size(); i++) {
                    Entry e = batch.get(i);
                    e.done = true;
                    if (results != null) {
                        e.result = results.get(i);
                    } else {
                        e.failure = failure != null ? failure : new IllegalStateException("a batch of " + what + " failed");
                    }
                }
                running--;
                notifyAll();
            }
        }
    }

    private T result(Entry e) {
        if (e.failure != null) {
            throw e.failure;
        }
        return e.result;
    }
}
