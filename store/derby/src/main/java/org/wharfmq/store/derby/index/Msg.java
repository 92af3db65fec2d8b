package org.wharfmq.store.derby.index;

/**
 * A stored message as the in-memory index holds it: ids, times and state, never the body.
 * Kept small: a million queued messages must fit in a modest heap.
 */
public final class Msg {
    public static final byte DELAYED = 0;
    public static final byte QUEUED = 1;
    public static final byte INFLIGHT = 2;
    /** Held by a prepared XA branch: not delivered, counted as in flight. */
    public static final byte HELD = 3;
    static final byte DELETED = 4;

    public final long rowId;
    /**
     * The body's id: the message's own row when {@link #bodyInRow}, else a WHARF_BODY row; also the
     * MessageId, which copies of a published message share.
     */
    public final long bodyId;
    public final long sentAt;
    public final long expiresAt;
    public final byte priority;
    /** FIFO only. */
    public final String groupId;
    public final String dedupId;

    public QueueState queue;
    public long seq;
    public long visibleAt;
    public long firstReceiveAt;
    public int receiveCount;
    /** In a dead-letter queue: the id of the queue a RedrivePolicy moved it from; else 0. */
    public int sourceQueueId;
    public byte state;
    /** Never written: a non-durable message, lost with the process. */
    public boolean inMemory;
    /** In flight under a lease: its receive and its delete are written without being waited for. */
    public boolean leased;
    /** Its body is inline in its own row; else in WHARF_BODY (a topic copy, or a row of an older store). */
    public boolean bodyInRow;
    /**
     * The publish row that lists this copy, while the copy has no WHARF_MESSAGE row of its own;
     * else null. {@link #copy} is its place in the list.
     */
    public Publish publish;
    public int copy;

    public Msg(long rowId, long bodyId, long sentAt, long expiresAt, int priority, String groupId, String dedupId) {
        this.rowId = rowId;
        this.bodyId = bodyId;
        this.sentAt = sentAt;
        this.expiresAt = expiresAt;
        this.priority = (byte) priority;
        this.groupId = groupId;
        this.dedupId = dedupId;
    }

    public boolean live() {
        return state != DELETED;
    }

    public boolean expired(long now) {
        return expiresAt != 0 && now >= expiresAt;
    }
}
