package org.wharfmq.store.derby;

/**
 * A stored message as the in-memory index holds it: ids, times and state, never the body.
 * Kept small: a million queued messages must fit in a modest heap.
 */
final class Msg {
    static final byte DELAYED = 0;
    static final byte QUEUED = 1;
    static final byte INFLIGHT = 2;
    /** Held by a prepared XA branch: not delivered, counted as in flight. */
    static final byte HELD = 3;
    static final byte DELETED = 4;

    final long rowId;
    /**
     * The body's id: the message's own row when {@link #bodyInRow}, else a WHARF_BODY row; also the
     * MessageId, which copies of a published message share.
     */
    final long bodyId;
    final long sentAt;
    final long expiresAt;
    final byte priority;
    /** FIFO only. */
    final String groupId;
    final String dedupId;

    QueueState queue;
    long seq;
    long visibleAt;
    long firstReceiveAt;
    int receiveCount;
    /** In a dead-letter queue: the id of the queue a RedrivePolicy moved it from; else 0. */
    int sourceQueueId;
    byte state;
    /** Never written: a non-durable message, lost with the process. */
    boolean inMemory;
    /** In flight under a lease: its receive and its delete are written without being waited for. */
    boolean leased;
    /** Its body is inline in its own row; else in WHARF_BODY (a topic copy, or a row of an older store). */
    boolean bodyInRow;
    /**
     * The publish row that lists this copy, while the copy has no WHARF_MESSAGE row of its own;
     * else null. {@link #copy} is its place in the list.
     */
    Publish publish;
    int copy;

    Msg(long rowId, long bodyId, long sentAt, long expiresAt, int priority, String groupId, String dedupId) {
        this.rowId = rowId;
        this.bodyId = bodyId;
        this.sentAt = sentAt;
        this.expiresAt = expiresAt;
        this.priority = (byte) priority;
        this.groupId = groupId;
        this.dedupId = dedupId;
    }

    boolean live() {
        return state != DELETED;
    }

    boolean expired(long now) {
        return expiresAt != 0 && now >= expiresAt;
    }
}
