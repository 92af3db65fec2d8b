package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session's one lane for listener deliveries: they run one at a time, and the thread running one
 * knows its session (a listener may not close or stop what it runs in). It also holds the work a
 * connection consumer queues for the session's {@code run()} as a ServerSession.
 */
final class ListenerLane {
    private static final ThreadLocal<WharfSession> IN_LISTENER = new ThreadLocal<>();

    private final ReentrantLock delivery = new ReentrantLock();
    private final List<Runnable> serverSessionWork = new ArrayList<>();

    /** The session whose listener the current thread runs, or null. */
    static WharfSession current() {
        return IN_LISTENER.get();
    }

    /** Runs a delivery to a listener of {@code session}, one at a time. */
    void deliver(WharfSession session, Runnable work) {
        delivery.lock();
        WharfSession previous = IN_LISTENER.get();
        IN_LISTENER.set(session);
        try {
            work.run();
        } finally {
            IN_LISTENER.set(previous);
            delivery.unlock();
        }
    }

    /** Waits for a listener delivery in progress to finish. */
    void awaitIdle() {
        if (delivery.isHeldByCurrentThread()) {
            return;
        }
        delivery.lock();
        delivery.unlock();
    }

    /** Queues a delivery that {@link #runQueued} will make. */
    void enqueue(Runnable work) {
        synchronized (serverSessionWork) {
            serverSessionWork.add(work);
        }
    }

    /** Makes the queued deliveries. */
    void runQueued(WharfSession session) {
        List<Runnable> work;
        synchronized (serverSessionWork) {
            work = new ArrayList<>(serverSessionWork);
            serverSessionWork.clear();
        }
        for (Runnable r : work) {
            deliver(session, r);
        }
    }
}
