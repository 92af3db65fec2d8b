package org.wharfmq.store.derby.index;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Payloads of recently sent messages, so that a receive soon after the send does not read the
 * body back from Derby. Bounded by encoded bytes; the oldest entries go first. Body ids are never
 * reused, so an entry is never stale, only possibly useless until evicted. Payloads of messages
 * kept in memory only are pinned: never evicted, removed with their message.
 */
public final class BodyCache {
    private record Entry(Payload payload, int bytes) {
    }

    private final long maxBytes;
    private final LinkedHashMap<Long, Entry> entries = new LinkedHashMap<>();
    private final Map<Long, Entry> pinned = new HashMap<>();
    private long bytes;

    public BodyCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    public synchronized void put(long bodyId, Payload payload, int encodedBytes) {
        if (encodedBytes > maxBytes) {
            return;
        }
        Entry old = entries.put(bodyId, new Entry(payload, encodedBytes));
        bytes += encodedBytes - (old == null ? 0 : old.bytes);
        Iterator<Entry> oldest = entries.values().iterator();
        while (bytes > maxBytes) {
            bytes -= oldest.next().bytes;
            oldest.remove();
        }
    }

    /** Keeps the payload of a message that exists only in memory, until {@link #remove}. */
    public synchronized void pin(long bodyId, Payload payload, int encodedBytes) {
        pinned.put(bodyId, new Entry(payload, encodedBytes));
    }

    /** Drops a body; returns its bytes if it was pinned, else 0. */
    public synchronized long remove(long bodyId) {
        Entry p = pinned.remove(bodyId);
        if (p != null) {
            return p.bytes;
        }
        Entry e = entries.remove(bodyId);
        if (e != null) {
            bytes -= e.bytes;
        }
        return 0;
    }

    /** The cached payloads of the given bodies; the ids not found are returned in {@code misses}. */
    public synchronized Map<Long, Payload> get(long[] bodyIds, long[][] misses) {
        Map<Long, Payload> out = new HashMap<>(bodyIds.length * 2);
        long[] missing = new long[bodyIds.length];
        int n = 0;
        for (long id : bodyIds) {
            Entry e = pinned.isEmpty() ? entries.get(id) : pinned.getOrDefault(id, entries.get(id));
            if (e != null) {
                out.put(id, e.payload);
            } else {
                missing[n++] = id;
            }
        }
        misses[0] = Arrays.copyOf(missing, n);
        return out;
    }
}
