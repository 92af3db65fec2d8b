package org.wharfmq.jms;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;

/**
 * A session's asynchronous sends, for the classic and the simplified API alike. They run one at a
 * time, in order, on the session's completion thread, which also runs their CompletionListeners.
 * A synchronous send, commit, rollback and close wait for them first; a callback must not wait for
 * itself, so those waits return at once on the completion thread.
 */
final class AsyncSends {
    private static final ThreadLocal<AsyncSends> IN_COMPLETION = new ThreadLocal<>();

    private ExecutorService completions;

    /** Runs an asynchronous send's work on the completion thread. */
    synchronized void submit(Runnable work) {
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
        completions.execute(work);
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
