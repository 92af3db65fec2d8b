package org.wharfmq.store.derby.index;

import java.util.ArrayDeque;

/** A queue of longs in chunks of 4,096: 8 bytes an entry, for the ids of a deep queue's cold rows. Not thread-safe. */
public final class LongQueue {
    private static final int CHUNK = 4096;
    private final ArrayDeque<long[]> chunks = new ArrayDeque<>();
    /** The next index to read in the first chunk, and the next to write in the last. */
    private int head;
    private int tail = CHUNK;
    private long size;

    public void add(long v) {
        if (tail == CHUNK) {
            chunks.addLast(new long[CHUNK]);
            tail = 0;
        }
        chunks.peekLast()[tail++] = v;
        size++;
    }

    /** Removes and returns the first value; the queue must not be empty. */
    long poll() {
        long[] first = chunks.peekFirst();
        long v = first[head++];
        size--;
        if (head == CHUNK || size == 0) {
            chunks.pollFirst();
            head = 0;
            if (chunks.isEmpty()) {
                tail = CHUNK;
            }
        }
        return v;
    }

    /** The first value; the queue must not be empty. */
    public long peek() {
        return chunks.peekFirst()[head];
    }

    long size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Removes every value, in order, into {@code sink}. */
    public void drainTo(java.util.function.LongConsumer sink) {
        while (size > 0) {
            sink.accept(poll());
        }
    }
}
