package org.wharfmq.jms.management;

import java.util.List;

/** One open store over JMX: its URL, the queues that have a {@link QueueMXBean}, and a rescan. */
public interface StoreMXBean {
    /** The store URL, secrets hidden. */
    String getUrl();

    /** The names of the queues shown, sorted. */
    List<String> getQueues();

    /** Shows every queue the store lists now and hides those it no longer has. */
    void refresh();
}
