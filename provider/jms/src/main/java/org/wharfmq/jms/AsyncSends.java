package org.wharfmq.jms;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;

/**
 * A session's asynchronous sends, for the classic and the simplified API alike. They run in order
 * on the session's completion thread, which also runs their CompletionListeners. Sends that pile up
 * while the thread is busy go out together when they are consecutive and share a batch key (up to
 * 10, as SendMessageBatch takes). A synchronous send, commit, rollback and close wait for them
 * first; a callback must not wait for itself, so those waits return at once on the completion thread.
 */
final class AsyncSends {
    private static final ThreadLocal<AsyncSends> IN_COMPLETION = new ThreadLocal<>();
    private static final int MAX_TOGETHER = 10;

    /** One asynchronous send. */
    interface Send {
        /** What consecutive sends that may go out together share, or null for one that goes alone. */
        Object batchKey();

        /** Sends {@code sends} (this one first, then the others with its key, in order) and completes each. */
        void sendTogether(List<Send> sends);
    }

    private final Deque<Send> queued = new ArrayDeque<>();
    private ExecutorService completions;

    /** Queues an asynchronous send for the completion thread. */
    synchronized void submit(Send send) {
        if (completions == null) {
            completions = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(() -> {
                    IN_COMPLETION.set(this);
                    r.run();
                }, "wharf-completion");
                t.setDaemon(true);
                return t;
            });
        }
        queued.add(send);
        completions.execute(this::sendNext);
    }

    /** Sends the oldest queued send with the consecutive ones that share its key; nothing if none is left. */
    private void sendNext() {
        List<Send> together = new ArrayList<>();
        synchronized (this) {
            Send first = queued.poll();
            if (first == null) {
                return;
            }
            together.add(first);
            Object key = first.batchKey();
            while (key != null && together.size() < MAX_TOGETHER && !queued.isEmpty()
                    && key.equals(queued.peek().batchKey())) {
                together.add(queued.poll());
            }
        }
        together.get(0).sendTogether(together);
    }

    /** True on this session's completion thread. */
    boolean inCompletion() {
        return IN_COMPLETION.get() == this;
    }

    /** Waits until every asynchronous send submitted so far has completed. */
    void await() throws JMSException {
        ExecutorService pending;
        synchronized (this) {
            pending = completions;
        }
        if (pending == null || inCompletion()) {
            return;
        }
        try {
            pending.submit(() -> { }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JMSException("interrupted while waiting for asynchronous sends");
        } catch (ExecutionException | RejectedExecutionException e) {
            // Shut down: nothing is pending.
        }
    }

    void checkNotInCompletion() throws IllegalStateException {
        if (inCompletion()) {
            throw new IllegalStateException("a CompletionListener cannot close, commit or roll back its own session");
        }
    }

    /** Lets the sends submitted so far finish, then stops the completion thread. */
    void shutdown() {
        ExecutorService pending;
        synchronized (this) {
            pending = completions;
        }
        if (pending != null) {
            pending.shutdown();
            try {
                pending.awaitTermination(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
