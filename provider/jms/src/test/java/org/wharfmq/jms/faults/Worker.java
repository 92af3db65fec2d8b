package org.wharfmq.jms.faults;

import jakarta.jms.JMSException;

/** One application part of a {@link FaultLoad}: a producer, a consumer, a listener or an MDB. */
public interface Worker {
    String name();

    void start() throws JMSException;

    /** When it last completed a send, a commit or a settled delivery ({@link System#nanoTime()}). */
    long lastProgressNanos();

    /** Where its thread is now, for a report of a stuck worker; empty if it has no thread of its own. */
    default String where() {
        return "";
    }

    /** Stops it; true if it stopped within {@code millis}. */
    boolean stop(long millis) throws InterruptedException;
}
