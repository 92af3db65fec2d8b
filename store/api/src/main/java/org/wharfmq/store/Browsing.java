package org.wharfmq.store;

import java.util.List;
import java.util.function.Predicate;

/** Optional capability: read visible messages in delivery order without changing them. */
public interface Browsing {

    /**
     * Up to {@code max} visible messages of the queue that {@code filter} (null: all) accepts, in
     * the order they would be received; their receipt handles are null and nothing about them changes.
     */
    List<ReceivedMessage> browse(String queueUrl, Predicate<MessageHeaders> filter, int max);
}
