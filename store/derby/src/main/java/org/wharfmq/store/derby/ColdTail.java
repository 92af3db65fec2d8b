package org.wharfmq.store.derby;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The part of a deep standard queue that is not in memory: the ids of its rows, which the
 * {@link Pager} reads back in order as the head in memory drains. Under the index's lock.
 *
 * <p>A tail grows two ways. When the store opens, the rows after the head it loaded, up to
 * {@link #openedUpTo}, are only known by their range: the pager walks it, reading ids alone, and
 * until it is done they are not counted. After that, a send to a queue whose head is full goes to
 * {@link #sent}. The walked rows are older, so they are paged in first.
 */
final class ColdTail {
    private static final long[] NONE = {};

    /** The last row id of the store as opened; 0 for a tail that began after the open. */
    final long openedUpTo;
    /** The walk has read the ids of the opened range up to here. */
    long walkedUpTo;
    final LongQueue walked = new LongQueue();
    final LongQueue sent = new LongQueue();
    /** Ids the pager took and is reading; still this tail's until they are indexed. */
    long[] inTransit = NONE;
    /** A page or walk step of this tail is queued or running. */
    boolean busy;

    ColdTail(long walkedUpTo, long openedUpTo) {
        this.walkedUpTo = walkedUpTo;
        this.openedUpTo = openedUpTo;
    }

    boolean walking() {
        return walkedUpTo < openedUpTo;
    }

    /** The rows counted so far: all of them once the walk is done. */
    long size() {
        return walked.size() + sent.size() + inTransit.length;
    }

    /** Whether there is nothing left to page in. */
    boolean isEmpty() {
        return !walking() && size() == 0;
    }

    /** Takes up to {@code max} ids to page in, oldest first; none while older rows are still unwalked. */
    long[] take(int max) {
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

    void landed() {
        inTransit = NONE;
    }

    /** The steps that delete this tail's rows of queue {@code queueId} when it is purged, sparing {@code held}. */
    List<Journal.Step> deletion(int queueId, List<Long> held) {
        List<Journal.Step> steps = new ArrayList<>();
        long[] chunk = new long[4096];
        int[] n = {0};
        LongConsumer add = rowId -> {
            chunk[n[0]++] = rowId;
            if (n[0] == chunk.length) {
                long[] ids = chunk.clone();
                steps.add(w -> w.deleteRows(queueId, ids));
                n[0] = 0;
            }
        };
        for (long rowId : inTransit) {
            add.accept(rowId);
        }
        walked.drainTo(add);
        sent.drainTo(add);
        long[] rest = Arrays.copyOf(chunk, n[0]);
        steps.add(w -> w.deleteRows(queueId, rest));
        if (walking()) {
            // The unwalked rows, in ranges around those a prepared branch holds.
            long after = walkedUpTo;
            long upTo = openedUpTo;
            held.sort(null);
            for (long h : held) {
                if (h > after && h <= upTo) {
                    long from = after;
                    steps.add(w -> w.deleteRange(queueId, from, h - 1));
                    after = h;
                }
            }
            long from = after;
            steps.add(w -> w.deleteRange(queueId, from, upTo));
        }
        return steps;
    }
}
