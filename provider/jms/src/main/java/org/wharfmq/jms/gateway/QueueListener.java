package org.wharfmq.jms.gateway;

/**
 * Hears what becomes of one open store's queues in this JVM, and of the store closing: the JMX view
 * is one ({@code jms.management}). A {@link QueueListenerFactory} gives a store its listener as it
 * opens. A listener is called on the thread that caused the event and must not throw.
 */
public interface QueueListener {
    /**
     * The JMS layer resolved or created queue {@code name} on its way to send or receive. It may be
     * called on a sending thread: record what is needed and return at once.
     */
    void queueKnown(String name);

    /** Administration created queue {@code name}. */
    void queueCreated(String name);

    /** This JVM deleted queue {@code name}. */
    void queueDeleted(String name);

    /** The store is closing; no event follows. */
    void storeClosing();
}
