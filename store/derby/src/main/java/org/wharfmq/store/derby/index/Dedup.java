package org.wharfmq.store.derby.index;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** A FIFO queue's accepted deduplication keys, in acceptance order, forgotten after the window. */
public final class Dedup {

    /** An accepted key and the message it made; {@code durable} completes when that send is durable. */
    public record Entry(String key, long bodyId, long seq, long acceptedAt, CompletableFuture<Void> durable) {
    }

    private final Map<String, Entry> byKey = new HashMap<>();
    private final ArrayDeque<Entry> order = new ArrayDeque<>();
    public long lastCleanup;

    /** The entry for {@code key} accepted within the window, or null. */
    public Entry find(String key, long now, long windowMillis) {
        forget(now, windowMillis);
        Entry e = byKey.get(key);
        return e != null && now < e.acceptedAt + windowMillis ? e : null;
    }

    public void accept(Entry e) {
        byKey.put(e.key, e);
        order.add(e);
    }

    private void forget(long now, long windowMillis) {
        while (!order.isEmpty() && now >= order.peekFirst().acceptedAt + windowMillis) {
            Entry e = order.pollFirst();
            byKey.remove(e.key, e);
        }
    }
}
