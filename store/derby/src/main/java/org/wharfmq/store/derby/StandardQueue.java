package org.wharfmq.store.derby;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.Condition;
import org.wharfmq.store.model.QueueConfig;

/** A standard queue: visible messages by priority (higher first), then send order. */
final class StandardQueue extends QueueState {
    private static final Comparator<Msg> ORDER = Comparator.comparingInt((Msg m) -> -m.priority)
            .thenComparingLong(m -> m.seq);

    private final PriorityQueue<Msg> ready = new PriorityQueue<>(ORDER);

    StandardQueue(int id, String name, int kind, QueueConfig config, long createdAt, Condition available) {
        super(id, name, kind, config, createdAt, available);
    }

    @Override
    void enqueue(Msg m) {
        ready.add(m);
    }

    @Override
    List<Msg> select(int max, Chooser chooser) {
        List<Msg> taken = new ArrayList<>();
        List<Msg> skipped = null;
        while (taken.size() < max && !ready.isEmpty()) {
            Msg m = ready.poll();
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
        if (skipped != null) {
            ready.addAll(skipped);
        }
        return taken;
    }

    @Override
    List<Msg> visibleInOrder() {
        List<Msg> all = new ArrayList<>(ready.size());
        for (Msg m : ready) {
            if (m.state == Msg.QUEUED && m.queue == this) {
                all.add(m);
            }
        }
        all.sort(ORDER);
        return all;
    }
}
