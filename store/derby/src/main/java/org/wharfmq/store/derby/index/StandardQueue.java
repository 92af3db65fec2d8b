package org.wharfmq.store.derby.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.Condition;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.Ranges;

/** A standard queue: visible messages by priority (higher first), then send order. */
final class StandardQueue extends QueueState {
    private static final Comparator<Msg> BY_SEQ = (a, b) -> Long.compare(a.seq, b.seq);
    private static final Comparator<Msg> ORDER = (a, b) -> a.priority != b.priority
            ? Integer.compare(b.priority, a.priority) : Long.compare(a.seq, b.seq);

    /** Visible messages by priority, 0 to 9, each in send order; entries of messages no longer visible drop out when met. */
    private final ArrivalOrder[] lanes = new ArrivalOrder[Ranges.PRIORITY.max() + 1];

    StandardQueue(int id, String name, int kind, QueueConfig config, long createdAt, Condition available) {
        super(id, name, kind, config, createdAt, available);
        for (int p = 0; p < lanes.length; p++) {
            lanes[p] = new ArrivalOrder(BY_SEQ);
        }
    }

    @Override
    void enqueue(Msg m) {
        lanes[m.priority].add(m);
    }

    @Override
    public List<Msg> select(int max, Chooser chooser) {
        List<Msg> taken = new ArrayList<>();
        List<Msg> skipped = null;
        for (int p = lanes.length - 1; p >= 0 && taken.size() < max; p--) {
            ArrivalOrder lane = lanes[p];
            Msg m;
            while (taken.size() < max && (m = lane.poll()) != null) {
                if (m.state != Msg.QUEUED || m.queue != this) {
                    continue;
                }
                switch (chooser.offer(m)) {
                    case DELIVER -> taken.add(m);
                    case SKIP -> {
                        if (skipped == null) {
                            skipped = new ArrayList<>();
                        }
                        skipped.add(m);
                    }
                    case REMOVED -> {
                    }
                }
            }
        }
        if (skipped != null) {
            skipped.forEach(this::enqueue);
        }
        return taken;
    }

    @Override
    public List<Msg> visibleInOrder() {
        List<Msg> all = new ArrayList<>();
        for (ArrivalOrder lane : lanes) {
            for (Msg m : lane) {
                if (m.state == Msg.QUEUED && m.queue == this) {
                    all.add(m);
                }
            }
        }
        all.sort(ORDER);
        return all;
    }
}
