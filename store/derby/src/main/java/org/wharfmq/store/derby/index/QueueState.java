package org.wharfmq.store.derby.index;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import org.wharfmq.store.model.QueueConfig;

/**
 * One queue's in-memory index: message states and counts, the visibility/delay timers and
 * the retention order. Subclasses keep the delivery order. Guarded by the index's lock.
 */
public abstract class QueueState {

    /** What a receive decides about a candidate it is offered. */
    public enum Decision { DELIVER, SKIP, REMOVED }

    /** Decides about candidates in delivery order; DELIVER must mark the message in flight. */
    public interface Chooser {
        Decision offer(Msg m);
    }

    /** Who hears of a queue's arrivals (the store's ArrivalNotification). Under the lock. */
    public interface Watchers {
        /** A message of the queue may be receivable now. */
        void notice();

        /** A message of {@code q} becomes visible at {@code at} unless something else happens first. */
        void timerAt(QueueState q, long at);
    }

    private record Timer(long deadline, Msg msg) {
    }

    public static final int KIND_QUEUE = 0;
    public static final int KIND_DURABLE_SUBSCRIPTION = 1;
    public static final int KIND_SUBSCRIPTION = 2;
    /** Not a queue: a topic's row in the queue table. */
    public static final int KIND_TOPIC = 3;

    public final int id;
    public final String name;
    public final int kind;
    public final long createdAt;
    public final Condition available;
    public QueueConfig config;
    /** A subscription's caller-defined tag. */
    public String tag;
    public long modifiedAt;
    public long lastPurgeAt;

    /** Grows whenever a message becomes visible, so a receive that looked away can tell. */
    public long arrivals;
    /** What was done to this queue since the store was opened. */
    public final Counters counters = new Counters();
    /** System.nanoTime() of the last receive call on this queue, for pacing non-durable senders. */
    public long lastReceiveNanos = Long.MIN_VALUE / 2;
    /** Who hears that a message may be receivable ({@code Arrivals}), or null. */
    public Watchers watchers;
    /** When {@code Arrivals}' thread looks at this queue next, or Long.MAX_VALUE. */
    public long wakeAt = Long.MAX_VALUE;
    /** The part of a deep standard queue left on disk ({@code Pager}), or null. */
    public ColdTail cold;
    /** Received from with a filter: kept whole in memory, as a filter must see every message. */
    public boolean whole;
    private int queued;
    private int inflight;
    private int delayed;
    private int live;
    private PriorityQueue<Timer> timers = newTimerHeap(16);
    private ArrivalOrder retention = newRetentionOrder();

    QueueState(int id, String name, int kind, QueueConfig config, long createdAt, Condition available) {
        this.id = id;
        this.name = name;
        this.kind = kind;
        this.config = config;
        this.createdAt = createdAt;
        this.modifiedAt = createdAt;
        this.available = available;
    }

    public static QueueState create(int id, String name, int kind, QueueConfig config, long createdAt, Condition available) {
        return config.fifo() ? new FifoQueue(id, name, kind, config, createdAt, available)
                : new StandardQueue(id, name, kind, config, createdAt, available);
    }

    public boolean fifo() {
        return config.fifo();
    }

    /** A message may be receivable now: wakes the receives waiting here and tells the watchers. */
    public final void signal() {
        available.signalAll();
        if (watchers != null) {
            watchers.notice();
        }
    }

    /** Takes a message whose state and visibleAt are set (DELAYED, QUEUED, INFLIGHT or HELD). */
    public final void add(Msg m) {
        m.queue = this;
        live++;
        retention.add(m);
        count(m.state, 1);
        track(m);
        if (m.state == Msg.QUEUED) {
            arrivals++;
            enqueue(m);
        } else if (m.state != Msg.HELD) {
            addTimer(m);
        }
    }

    /**
     * Applies time: drops messages past retention (returned, for durable deletion) and makes
     * delayed and in-flight messages whose time has come visible.
     */
    public final List<Msg> advance(long now) {
        List<Msg> dropped = null;
        long cutoff = now - config.messageRetentionPeriod() * 1000L;
        while (!retention.isEmpty()) {
            Msg head = retention.peek();
            if (head.live() && head.queue == this && head.sentAt > cutoff) {
                break;
            }
            retention.poll();
            if (head.live() && head.queue == this && head.state != Msg.HELD) {
                remove(head);
                if (dropped == null) {
                    dropped = new ArrayList<>();
                }
                dropped.add(head);
            }
        }
        while (!timers.isEmpty() && timers.peek().deadline <= now) {
            Msg m = timers.poll().msg;
            if (m.queue == this && (m.state == Msg.DELAYED || m.state == Msg.INFLIGHT) && m.visibleAt <= now) {
                int before = m.state;
                setState(m, Msg.QUEUED);
                if (before == Msg.INFLIGHT) {
                    released(m);
                }
                arrivals++;
                enqueue(m);
            }
        }
        return dropped == null ? List.of() : dropped;
    }

    /** Offers candidates in delivery order until {@code max} are delivered or none are left. */
    public abstract List<Msg> select(int max, Chooser chooser);

    /** Visible messages in delivery order, unchanged. */
    public abstract List<Msg> visibleInOrder();

    /** A message has become QUEUED. */
    abstract void enqueue(Msg m);

    /** A new message, in any state, joins the structures that keep order (FIFO groups). */
    void track(Msg m) {
    }

    /** An in-flight message has been released (visible again, or deleted). */
    void released(Msg m) {
    }

    /** A message leaves the queue in any state. */
    void forget(Msg m) {
    }

    /** Marks a candidate delivered: in flight until {@code visibleAt}. */
    public final void markInflight(Msg m, long visibleAt) {
        setState(m, Msg.INFLIGHT);
        m.visibleAt = visibleAt;
        addTimer(m);
    }

    /**
     * Marks a candidate taken by a receive that deletes it next: in flight, with no timer, as it
     * leaves the queue or comes back through {@link #changeVisibility}.
     */
    public final void markConsumed(Msg m) {
        setState(m, Msg.INFLIGHT);
        m.visibleAt = Long.MAX_VALUE;
    }

    /** Sets a new visibility deadline for an in-flight message. */
    public final void changeVisibility(Msg m, long visibleAt) {
        m.visibleAt = visibleAt;
        addTimer(m);
    }

    /**
     * Schedules a message to become visible at its visibleAt. A timer goes stale when its message
     * leaves or gets another deadline; stale timers are dropped once they outnumber the live ones.
     */
    private void addTimer(Msg m) {
        timers.add(new Timer(m.visibleAt, m));
        if (watchers != null) {
            watchers.timerAt(this, m.visibleAt);
        }
        if (timers.size() > 1024 && timers.size() > 2 * (inflight + delayed)) {
            PriorityQueue<Timer> fresh = newTimerHeap(inflight + delayed + 16);
            for (Timer t : timers) {
                Msg x = t.msg;
                if (x.queue == this && (x.state == Msg.DELAYED || x.state == Msg.INFLIGHT) && x.visibleAt == t.deadline) {
                    fresh.add(t);
                }
            }
            timers = fresh;
        }
    }

    /** Holds an in-flight message for a prepared transaction. */
    public final void hold(Msg m) {
        setState(m, Msg.HELD);
    }

    /** Returns a held message to flight; the caller advances time to release it if it is due. */
    public final void unhold(Msg m) {
        setState(m, Msg.INFLIGHT);
        addTimer(m);
    }

    /** Removes a message in any state. */
    public final void remove(Msg m) {
        byte before = m.state;
        setState(m, Msg.DELETED);
        live--;
        if (before == Msg.INFLIGHT || before == Msg.HELD) {
            released(m);
        }
        forget(m);
        if (retention.size() > 1024 && retention.size() > 2 * live) {
            compactRetention();
        }
    }

    /** Every live message, for purge and delete. */
    public final List<Msg> liveMessages() {
        List<Msg> all = new ArrayList<>(live);
        for (Msg m : retention) {
            if (m.live() && m.queue == this) {
                all.add(m);
            }
        }
        return all;
    }

    /** The earliest time a delayed or in-flight message may become visible, or Long.MAX_VALUE. */
    public final long nextDeadline() {
        return timers.isEmpty() ? Long.MAX_VALUE : timers.peek().deadline;
    }

    public int queued() {
        return queued;
    }

    /** When the oldest message still in the queue was sent, or -1 if none; right after {@link #advance}. */
    public final long oldestSentAt() {
        Msg head = retention.peek();
        return head == null ? -1 : head.sentAt;
    }

    public int inflight() {
        return inflight;
    }

    /** Messages on disk only, counted so far: visible, as far as anyone can tell before they are read. */
    public long coldCount() {
        return cold == null ? 0 : cold.size();
    }

    /** Whether some messages on disk are not counted yet: the walk after the open is not done. */
    public boolean countingColdTail() {
        return cold != null && cold.walking();
    }

    public int delayed() {
        return delayed;
    }

    private void setState(Msg m, byte state) {
        count(m.state, -1);
        m.state = state;
        count(state, 1);
    }

    private void count(byte state, int d) {
        switch (state) {
            case Msg.QUEUED -> queued += d;
            case Msg.INFLIGHT, Msg.HELD -> inflight += d;
            case Msg.DELAYED -> delayed += d;
            default -> {
            }
        }
    }

    private void compactRetention() {
        ArrivalOrder fresh = newRetentionOrder();
        for (Msg m : retention) {
            if (m.live() && m.queue == this) {
                fresh.add(m);
            }
        }
        retention = fresh;
    }

    private static ArrivalOrder newRetentionOrder() {
        return new ArrivalOrder((a, b) -> a.sentAt != b.sentAt ? Long.compare(a.sentAt, b.sentAt)
                : Long.compare(a.rowId, b.rowId));
    }

    private static PriorityQueue<Timer> newTimerHeap(int capacity) {
        return new PriorityQueue<>(capacity, (a, b) -> Long.compare(a.deadline, b.deadline));
    }
}
