package org.wharfmq.jms;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.Receiving;

/**
 * A consumer's message listener run without a thread of its own, where the store tells of arrivals
 * ({@link Receiving#notifiesArrivals()}). A notice queues a turn behind the session's other turns
 * ({@link ListenerLane#schedule}) on the store's listener threads; a turn takes one message without
 * waiting, from the prefetch buffer or the store, and delivers it. A turn that delivered queues the
 * next; one that found nothing waits for the next notice: a send, a release, a delay or visibility
 * timeout that ends, the connection starting or a listener set.
 */
final class PooledListener {
    private static final int IDLE = 0;
    private static final int QUEUED = 1;
    private static final int RUNNING = 2;
    /** Running, and noticed something meanwhile: look again after this turn. */
    private static final int NOTICED = 3;

    private final WharfConsumer consumer;
    private final Executor threads;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final Runnable unwatch;
    /** The thread running a turn, or null; guarded by this. */
    private Thread runner;

    /** Watches the consumer's queue and looks at it once. */
    PooledListener(WharfConsumer consumer, Executor threads, Receiving receiving) throws JMSException {
        this.consumer = consumer;
        this.threads = threads;
        this.unwatch = receiving.watch(consumer.source.queueUrl(), this::notice);
        notice();
    }

    /** The consumer may have a message to deliver. Returns at once: the store may call it under its lock. */
    void notice() {
        while (true) {
            int s = state.get();
            if (s == QUEUED || s == NOTICED) {
                return;
            }
            int next = s == IDLE ? QUEUED : NOTICED;
            if (state.compareAndSet(s, next)) {
                if (next == QUEUED) {
                    consumer.session.scheduleTurn(this::turn, threads);
                }
                return;
            }
        }
    }

    private void turn() {
        state.set(RUNNING);
        synchronized (this) {
            runner = Thread.currentThread();
        }
        boolean delivered = false;
        try {
            delivered = consumer.deliverOne();
        } finally {
            synchronized (this) {
                runner = null;
                notifyAll();
            }
            if (delivered || !state.compareAndSet(RUNNING, IDLE)) {
                state.set(QUEUED);
                consumer.session.scheduleTurn(this::turn, threads);
            }
        }
    }

    /**
     * The consumer closed: no more notices; with {@code await}, waits (up to 30 s) for a turn in
     * progress on another thread to end, as for a listener running now.
     */
    void close(boolean await) {
        unwatch.run();
        if (!await) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        synchronized (this) {
            try {
                for (long left = deadline - System.nanoTime(); runner != null && runner != Thread.currentThread()
                        && left > 0; left = deadline - System.nanoTime()) {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
