package org.wharfmq.store.postgres;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The receipt handles of this store's leases ({@link org.wharfmq.store.FilteredReceive#leaseMessage}):
 * messages that their consumer deletes or releases right after handing them out, so that neither
 * the receive nor that DeleteMessage waits for the server's disk. Bounded: past its limit it
 * forgets them all, and the delete of a forgotten handle waits, as any other does.
 */
final class Leases {
    private static final int LIMIT = 10_000;
    private final Set<String> handles = ConcurrentHashMap.newKeySet();

    void add(String handle) {
        if (handles.size() >= LIMIT) {
            handles.clear();
        }
        handles.add(handle);
    }

    /** Forgets {@code handle}; true if it was a lease's. */
    boolean remove(String handle) {
        return handle != null && handles.remove(handle);
    }
}
