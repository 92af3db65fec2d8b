package org.wharfmq.store.derby;

/**
 * What was done to one queue since the store was opened: the Number* figures of
 * {@link org.wharfmq.store.QueueStatistics}. Plain fields, guarded by the store's lock, which
 * every path that counts already holds.
 */
final class Counters {
    long sent;
    long received;
    long deleted;
    long emptyReceives;
    long deduplicated;
    long movedToDeadLetterQueue;
}
