package org.wharfmq.store.derby.index;

/**
 * What was done to one queue since the store was opened: the Number* figures of
 * {@link org.wharfmq.store.QueueStatistics}. Plain fields, guarded by the store's lock, which
 * every path that counts already holds.
 */
public final class Counters {
    public long sent;
    public long received;
    public long deleted;
    public long emptyReceives;
    public long deduplicated;
    public long movedToDeadLetterQueue;
}
