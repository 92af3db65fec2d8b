package org.wharfmq.jms;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import jakarta.jms.CompletionListener;
import jakarta.jms.Message;

/**
 * A context's asynchronous sends in flight. A send is in flight until its CompletionListener
 * callback has returned. Commit, rollback and close wait for them, and so does a synchronous send,
 * which must not overtake them; a callback must not wait for itself, so those waits return at once
 * on a callback thread of the same context.
 */
final class PendingSends {
    private static final ThreadLocal<PendingSends> IN_CALLBACK = new ThreadLocal<>();

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition();
    private int inFlight;

    /** True on a CompletionListener callback of this context. */
    boolean inCallback() {
        return IN_CALLBACK.get() == this;
    }

    /** Counts a send in flight and returns the listener to give the classic producer. */
    Tracked track(CompletionListener listener) {
        lock.lock();
        try {
            inFlight++;
        } finally {
            lock.unlock();
        }
        return new Tracked(listener);
    }

    /** Waits until no send is in flight (at once on a callback thread of this context). */
    void await() {
        if (inCallback()) {
            return;
        }
        lock.lock();
        try {
            while (inFlight > 0) {
                idle.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
    }

    private void finished() {
        lock.lock();
        try {
            if (--inFlight == 0) {
                idle.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** One send's listener: runs the application's callback, then ends the send once. */
    final class Tracked implements CompletionListener {
        private final CompletionListener listener;
        private final AtomicBoolean done = new AtomicBoolean();

        private Tracked(CompletionListener listener) {
            this.listener = listener;
        }

        @Override
        public void onCompletion(Message message) {
            run(() -> listener.onCompletion(message));
        }

        @Override
        public void onException(Message message, Exception exception) {
            run(() -> listener.onException(message, exception));
        }

        private void run(Runnable callback) {
            if (done.get()) {
                // The classic producer reports a throwing onCompletion to onException as well; one callback is enough.
                return;
            }
            PendingSends previous = IN_CALLBACK.get();
            IN_CALLBACK.set(PendingSends.this);
            try {
                callback.run();
            } finally {
                IN_CALLBACK.set(previous);
                cancel();
            }
        }

        /** Ends the send without a callback (the send failed in the caller's thread). */
        void cancel() {
            if (done.compareAndSet(false, true)) {
                finished();
            }
        }
    }
}
