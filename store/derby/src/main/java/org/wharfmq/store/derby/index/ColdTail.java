package org.wharfmq.store.derby.index;

/**
 * The part of a deep standard queue that is not in memory: the ids of its rows, which the
 * {@code Pager} reads back in order as the head in memory drains. Under the index's lock.
 *
 * <p>A tail grows two ways. When the store opens, the rows after the head it loaded, up to
 * {@link #openedUpTo}, are only known by their range: the pager walks it, reading ids alone, and
 * until it is done they are not counted. After that, a send to a queue whose head is full goes to
 * {@link #sent}. The walked rows are older, so they are paged in first.
 */
public final class ColdTail {
    private static final long[] NONE = {};

    /** The last row id of the store as opened; 0 for a tail that began after the open. */
    public final long openedUpTo;
    /** The walk has read the ids of the opened range up to here. */
    public long walkedUpTo;
    public final LongQueue walked = new LongQueue();
    public final LongQueue sent = new LongQueue();
    /** Ids the pager took and is reading; still this tail's until they are indexed. */
    public long[] inTransit = NONE;
    /** A page or walk step of this tail is queued or running. */
    public boolean busy;

    public ColdTail(long walkedUpTo, long openedUpTo) {
        this.walkedUpTo = walkedUpTo;
        this.openedUpTo = openedUpTo;
    }

    public boolean walking() {
        return walkedUpTo < openedUpTo;
    }

    /** The rows counted so far: all of them once the walk is done. */
    public long size() {
        return walked.size() + sent.size() + inTransit.length;
    }

    /** Whether there is nothing left to page in. */
    public boolean isEmpty() {
        return !walking() && size() == 0;
    }

    /** Takes up to {@code max} ids to page in, oldest first; none while older rows are still unwalked. */
    public long[] take(int max) {
        LongQueue from = !walked.isEmpty() ? walked : walking() ? null : sent;
        if (from == null || max <= 0) {
            return NONE;
        }
        long[] ids = new long[(int) Math.min(max, from.size())];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = from.poll();
        }
        inTransit = ids;
        return ids;
    }

    public void landed() {
        inTransit = NONE;
    }
}
