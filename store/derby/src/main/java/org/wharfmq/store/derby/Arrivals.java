package org.wharfmq.store.derby;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.derby.index.QueueState;

/**
 * ArrivalNotification for one store: the watchers of each queue, by name, and one thread that
 * wakes when a watched queue's next delay or visibility timeout ends, so that a message whose time
 * comes is noticed though no receive waits on the queue. Guarded by the index's lock.
 */
final class Arrivals {
    private static final Logger LOG = LoggerFactory.getLogger(Arrivals.class);

    /** The watchers of one queue name; the live queue of that name points to it. */
    final class Watchers implements QueueState.Watchers {
        private final String name;
        private Runnable[] all = new Runnable[0];

        private Watchers(String name) {
            this.name = name;
        }

        @Override
        public void notice() {
            for (Runnable r : all) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    LOG.warn("A watcher of queue {} failed: {}", name, e.toString());
                }
            }
        }

        @Override
        public void timerAt(QueueState q, long at) {
            schedule(q, at);
        }
    }

    /** When the thread is to look at a queue. */
    private record Due(long at, QueueState queue) {
    }

    private final QueueIndex index;
    private final Condition changed;
    private final String storeName;
    private final Map<String, Watchers> byName = new HashMap<>();
    private final PriorityQueue<Due> due = new PriorityQueue<>(Comparator.comparingLong(Due::at));
    private Thread timer;

    Arrivals(QueueIndex index, Condition changed, String storeName) {
        this.index = index;
        this.changed = changed;
        this.storeName = storeName;
    }

    /** The watchers of queue {@code name}, or null. Under the lock. */
    Watchers of(String name) {
        return byName.get(name);
    }

    /** Calls {@code onArrival} after each change that may make a message of {@code queueUrl} receivable. */
    ArrivalNotification.Watch watch(String queueUrl, Runnable onArrival) {
        Watchers w;
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            w = byName.computeIfAbsent(q.name, Watchers::new);
            w.all = Arrays.copyOf(w.all, w.all.length + 1);
            w.all[w.all.length - 1] = onArrival;
            q.watchers = w;
            schedule(q, q.nextDeadline());
        } finally {
            index.unlock();
        }
        Watchers watched = w;
        return () -> unwatch(watched, onArrival);
    }

    private void unwatch(Watchers w, Runnable onArrival) {
        index.lock();
        try {
            int i = Arrays.asList(w.all).indexOf(onArrival);
            if (i < 0) {
                return;
            }
            Runnable[] left = new Runnable[w.all.length - 1];
            System.arraycopy(w.all, 0, left, 0, i);
            System.arraycopy(w.all, i + 1, left, i, left.length - i);
            w.all = left;
            if (left.length == 0) {
                byName.remove(w.name);
                QueueState q = index.queues().named(w.name);
                if (q != null && q.watchers == w) {
                    q.watchers = null;
                }
            }
        } finally {
            index.unlock();
        }
    }

    /** Has the thread look at {@code q} at {@code at} (a clock time), unless it looks earlier already. Under the lock. */
    private void schedule(QueueState q, long at) {
        if (at == Long.MAX_VALUE || at >= q.wakeAt) {
            return;
        }
        q.wakeAt = at;
        Due d = new Due(at, q);
        due.add(d);
        if (timer == null) {
            timer = new Thread(this::run, "wharf-arrivals-" + storeName);
            timer.setDaemon(true);
            timer.start();
        } else if (due.peek() == d) {
            changed.signal();
        }
    }

    /** The store is closing: the thread ends. Under the lock. */
    void close() {
        changed.signalAll();
    }

    private void run() {
        index.lock();
        try {
            while (!index.isClosed()) {
                Due next = due.peek();
                long now = index.now();
                if (next == null) {
                    changed.await();
                } else if (next.at > now) {
                    changed.await(next.at - now, TimeUnit.MILLISECONDS);
                } else {
                    due.poll();
                    QueueState q = next.queue;
                    if (q.wakeAt == next.at) {
                        q.wakeAt = Long.MAX_VALUE;
                    }
                    if (q.watchers != null && index.queues().isLive(q)) {
                        index.advance(q, now);
                        schedule(q, q.nextDeadline());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            index.unlock();
        }
    }
}
