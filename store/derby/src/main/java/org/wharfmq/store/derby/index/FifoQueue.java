package org.wharfmq.store.derby.index;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.Condition;
import org.wharfmq.store.model.QueueConfig;

/**
 * A FIFO queue: messages in send order per group; a group with a message in flight, or whose
 * first message is not yet visible, is not offered. Ready groups are ordered by their first message.
 */
final class FifoQueue extends QueueState {

    private static final class Group {
        final String id;
        /** Messages in send order; deleted ones are dropped lazily from the front. */
        final ArrayDeque<Msg> msgs = new ArrayDeque<>();
        int inflight;
        long readyKey = -1;
        int visited;

        Group(String id) {
            this.id = id;
        }
    }

    private final Map<String, Group> groups = new HashMap<>();
    private final TreeMap<Long, Group> ready = new TreeMap<>();
    private int selections;
    /** While a selection walks a group, removals leave the group to be refreshed after the walk. */
    private boolean selecting;

    FifoQueue(int id, String name, int kind, QueueConfig config, long createdAt, Condition available) {
        super(id, name, kind, config, createdAt, available);
    }

    @Override
    void track(Msg m) {
        Group g = groups.computeIfAbsent(m.groupId, Group::new);
        g.msgs.add(m);
        if (m.state == Msg.INFLIGHT || m.state == Msg.HELD) {
            g.inflight++;
        }
        refresh(g);
    }

    @Override
    void enqueue(Msg m) {
        refresh(groups.get(m.groupId));
    }

    @Override
    void released(Msg m) {
        Group g = groups.get(m.groupId);
        g.inflight--;
        refresh(g);
        if (g.readyKey >= 0) {
            // The group's next message is deliverable now: wake long polls as a send would.
            arrivals++;
            signal();
        }
    }

    @Override
    void forget(Msg m) {
        Group g = groups.get(m.groupId);
        if (g != null && !selecting) {
            refresh(g);
        }
    }

    @Override
    public List<Msg> select(int max, Chooser chooser) {
        List<Msg> taken = new ArrayList<>();
        int pass = ++selections;
        Map.Entry<Long, Group> e = ready.firstEntry();
        while (e != null && taken.size() < max) {
            Group g = e.getValue();
            long key = e.getKey();
            if (g.visited != pass) {
                g.visited = pass;
                selecting = true;
                try {
                    takeFromGroup(g, max, chooser, taken);
                } finally {
                    selecting = false;
                }
                refresh(g);
            }
            e = ready.higherEntry(key);
        }
        return taken;
    }

    private void takeFromGroup(Group g, int max, Chooser chooser, List<Msg> taken) {
        for (Msg m : g.msgs) {
            if (taken.size() >= max) {
                return;
            }
            if (!m.live() || m.queue != this) {
                continue;
            }
            if (m.state != Msg.QUEUED) {
                return;
            }
            Decision d = chooser.offer(m);
            if (d == Decision.DELIVER) {
                g.inflight++;
                taken.add(m);
            } else if (d == Decision.SKIP) {
                return;
            }
        }
    }

    @Override
    public List<Msg> visibleInOrder() {
        List<Msg> all = new ArrayList<>();
        for (Group g : ready.values()) {
            for (Msg m : g.msgs) {
                if (!m.live() || m.queue != this) {
                    continue;
                }
                if (m.state != Msg.QUEUED) {
                    break;
                }
                all.add(m);
            }
        }
        return all;
    }

    /** Drops deleted messages from the group's front and files it under its first message if it is offerable. */
    private void refresh(Group g) {
        while (!g.msgs.isEmpty() && (!g.msgs.peekFirst().live() || g.msgs.peekFirst().queue != this)) {
            g.msgs.pollFirst();
        }
        if (g.readyKey >= 0) {
            ready.remove(g.readyKey);
            g.readyKey = -1;
        }
        Msg head = g.msgs.peekFirst();
        if (head == null && g.inflight == 0) {
            groups.remove(g.id);
        } else if (head != null && g.inflight == 0 && head.state == Msg.QUEUED) {
            g.readyKey = head.seq;
            ready.put(head.seq, g);
        }
    }
}
