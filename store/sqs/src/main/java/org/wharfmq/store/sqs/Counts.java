package org.wharfmq.store.sqs;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.wharfmq.store.QueueStatistics;

/**
 * What this process did to each queue through one store since it was opened: the counters of
 * {@link QueueStatistics} that a client can see. Deduplication and moves to a dead-letter queue
 * happen on the server, which does not tell: those are {@link QueueStatistics#UNKNOWN}.
 */
final class Counts {
    /** The server's attributes that give a snapshot's Approximate* figures. */
    static final List<String> ATTRIBUTES = List.of("ApproximateNumberOfMessages",
            "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed");

    private static final class Queue {
        final LongAdder sent = new LongAdder();
        final LongAdder received = new LongAdder();
        final LongAdder deleted = new LongAdder();
        final LongAdder emptyReceives = new LongAdder();
    }

    private final Map<String, Queue> byUrl = new ConcurrentHashMap<>();

    private Queue queue(String queueUrl) {
        return byUrl.computeIfAbsent(queueUrl, u -> new Queue());
    }

    void sent(String queueUrl, int messages) {
        queue(queueUrl).sent.add(messages);
    }

    /** A ReceiveMessage call that returned {@code messages} (0: an empty receive). */
    void received(String queueUrl, int messages) {
        Queue q = queue(queueUrl);
        if (messages == 0) {
            q.emptyReceives.increment();
        } else {
            q.received.add(messages);
        }
    }

    void deleted(String queueUrl, int messages) {
        queue(queueUrl).deleted.add(messages);
    }

    /** Forgets a deleted queue's counts. */
    void forget(String queueUrl) {
        byUrl.remove(queueUrl);
    }

    /** The snapshot of a queue whose server {@code attributes} (of {@link #ATTRIBUTES}) were just read. */
    QueueStatistics.Snapshot snapshot(String queueUrl, Map<String, String> attributes) {
        Queue q = byUrl.getOrDefault(queueUrl, new Queue());
        return new QueueStatistics.Snapshot(count(attributes, ATTRIBUTES.get(0)), count(attributes, ATTRIBUTES.get(1)),
                count(attributes, ATTRIBUTES.get(2)), QueueStatistics.UNKNOWN, q.sent.sum(), q.received.sum(),
                q.deleted.sum(), q.emptyReceives.sum(), QueueStatistics.UNKNOWN, QueueStatistics.UNKNOWN);
    }

    private static long count(Map<String, String> attributes, String name) {
        String v = attributes.get(name);
        return v == null ? QueueStatistics.UNKNOWN : Long.parseLong(v);
    }
}
