package org.wharfmq.store.derby;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.wharfmq.store.derby.disk.Schema;
import org.wharfmq.store.derby.index.Dedup;
import org.wharfmq.store.derby.index.QueueState;

/**
 * The index's table of queues: the live queues and subscriptions by name and by id, the names of
 * queues deleted less than 60 s ago, each FIFO queue's dedup keys and the next queue-table id.
 * It holds only these maps; the {@link QueueIndex} that owns it adds and drops queues with their
 * rows, and every verb here is under the index's lock.
 */
final class QueueTable {
    /** How long the name of a deleted queue stays reserved (QueueDeletedRecently). */
    static final long NAME_RESERVED_MILLIS = 60_000;

    private final QueueIndex index;
    private final Map<String, QueueState> byName = new HashMap<>();
    private final Map<Integer, QueueState> byId = new HashMap<>();
    private final Map<String, Long> deletedAt = new HashMap<>();
    private final Map<Integer, Dedup> dedup = new HashMap<>();
    private int nextId = 1;

    QueueTable(QueueIndex index) {
        this.index = index;
    }

    /** The live queue or subscription called {@code name}, or null. */
    QueueState named(String name) {
        assert index.locked();
        return byName.get(name);
    }

    /** The live queue or subscription with id {@code id}, or null. */
    QueueState withId(int id) {
        assert index.locked();
        return byId.get(id);
    }

    /** Whether {@code q} is still live: not deleted since the caller found it. */
    boolean isLive(QueueState q) {
        return withId(q.id) == q;
    }

    /** The live queues and subscriptions, unmodifiable. */
    Collection<QueueState> all() {
        assert index.locked();
        return Collections.unmodifiableCollection(byName.values());
    }

    /** Whether a queue called {@code name} was deleted less than 60 s before {@code now}. */
    boolean recentlyDeleted(String name, long now) {
        assert index.locked();
        Long at = deletedAt.get(name);
        return at != null && now - at < NAME_RESERVED_MILLIS;
    }

    /** A new id in the queue table: for a new queue, or for a row that is not a queue (a topic). */
    int newId() {
        assert index.locked();
        int id = nextId++;
        String floor = Integer.toString(nextId);
        index.journal().post(w -> w.saveMeta(Schema.META_NEXT_QUEUE_ID, floor));
        return id;
    }

    /** A FIFO queue's accepted dedup keys. */
    Dedup dedup(QueueState q) {
        assert index.locked();
        return dedup.computeIfAbsent(q.id, k -> new Dedup());
    }

    /** Adds a new queue or subscription; its name is no longer reserved. */
    void add(QueueState q) {
        put(q);
        deletedAt.remove(q.name);
    }

    /** Drops a deleted queue or subscription; a queue's name is reserved for 60 s from {@code now}. */
    void remove(QueueState q, long now) {
        assert index.locked();
        byName.remove(q.name);
        byId.remove(q.id);
        dedup.remove(q.id);
        if (q.kind == QueueState.KIND_QUEUE) {
            deletedAt.put(q.name, now);
        }
    }

    // ---- restore, for the Loader ----

    /** Indexes a queue or subscription by name and id. */
    void put(QueueState q) {
        assert index.locked();
        byName.put(q.name, q);
        byId.put(q.id, q);
    }

    /** Keeps a queue-table id from being given again, whatever its row is. */
    void reserveId(int id) {
        nextId = Math.max(nextId, id + 1);
    }

    void restoreDeleted(String name, long at) {
        deletedAt.merge(name, at, Math::max);
    }
}
