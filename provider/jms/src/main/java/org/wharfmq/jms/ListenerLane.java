package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A session's one lane for listener deliveries: they run one at a time, and the thread running one
 * knows its session (a listener may not close or stop what it runs in). It queues the turns of the
 * session's pooled listeners ({@link PooledListener}), so that a session takes at most one of the
 * store's listener threads at a time, and holds the work a connection consumer queues for the
 * session's {@code run()} as a ServerSession.
 */
final class ListenerLane {
    private static final ThreadLocal<WharfSession> IN_LISTENER = new ThreadLocal<>();
    /** Turns run before the lane gives its thread back, so that other sessions get theirs. */
    private static final int TURNS_PER_RUN = 16;

    private final ReentrantLock delivery = new ReentrantLock();
    private final List<Runnable> serverSessionWork = new ArrayList<>();
    private final Queue<Runnable> turns = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();

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

    /** Queues {@code turn} to run on {@code threads} after the turns queued before it. */
    void schedule(Runnable turn, Executor threads) {
        turns.add(turn);
        drainOn(threads);
    }

    private void drainOn(Executor threads) {
        if (turns.isEmpty() || !draining.compareAndSet(false, true)) {
            return;
        }
        try {
            threads.execute(() -> drain(threads));
        } catch (RejectedExecutionException e) {
            // The store closed: its connections fail, and their consumers take nothing more.
            turns.clear();
            draining.set(false);
        }
    }

    private void drain(Executor threads) {
        try {
            for (int i = 0; i < TURNS_PER_RUN; i++) {
                Runnable turn = turns.poll();
                if (turn == null) {
                    break;
                }
                turn.run();
            }
        } finally {
            draining.set(false);
            drainOn(threads);
        }
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
