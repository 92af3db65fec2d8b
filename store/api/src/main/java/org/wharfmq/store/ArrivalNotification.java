package org.wharfmq.store;

/**
 * Optional capability: tells a watcher when a queue may have a message to receive, so that many
 * consumers can share a few threads instead of holding a long poll open each. A notice follows
 * every change after which a receive may find a message it would not have found before: a send
 * or a move into the queue, a message released or deleted (the next of its FIFO group), and a
 * delay or visibility timeout that ends, noticed by the backend when its time comes. A notice
 * promises nothing: the message may be taken by someone else, or be one a filter rejects. A
 * backend offers it only if its notices follow every process's changes, not only its own; a
 * store shared by several processes that cannot promise that does not offer it.
 */
public interface ArrivalNotification {

    /**
     * Calls {@code onArrival} after each such change of the queue at {@code queueUrl} until the
     * watch is closed, including the end of a delay or visibility timeout set before the watch
     * began; a queue deleted and created again under the same name is still watched. What was
     * already receivable gets no notice: look at the queue once after watching. {@code onArrival}
     * runs on the thread that made the change, possibly while the store holds a lock: it must
     * return at once and must not call the store. QueueDoesNotExist if there is no such queue.
     */
    Watch watch(String queueUrl, Runnable onArrival);

    /** A watch of one queue; closing it stops its notices (one already under way may still come). */
    interface Watch extends AutoCloseable {
        @Override
        void close();
    }
}
