package org.wharfmq.jms;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.jms.gateway.Admin;

/**
 * A queue's figures, each named as its Amazon SQS CloudWatch metric (docs/operations.md). The
 * Approximate* figures are the queue's now; the Number* counters count since the store was opened
 * in this JVM. A figure the store's backend cannot give is {@link #UNKNOWN}.
 *
 * @param queueName the queue
 * @param approximateNumberOfMessagesVisible messages available for retrieval
 * @param approximateNumberOfMessagesNotVisible messages in flight (received, not yet deleted)
 * @param approximateNumberOfMessagesDelayed messages not yet visible because of a delay
 * @param approximateAgeOfOldestMessage seconds since the oldest message in the queue was sent, 0 if none
 * @param numberOfMessagesSent messages added by sends (not duplicates, not moves to a dead-letter queue)
 * @param numberOfMessagesReceived messages returned by receives
 * @param numberOfMessagesDeleted messages deleted (acknowledged)
 * @param numberOfEmptyReceives receives that returned no message
 * @param numberOfDeduplicatedSentMessages sends to a FIFO queue accepted as duplicates, not delivered
 * @param numberOfMessagesMovedToDeadLetterQueue messages moved to the queue's dead-letter queue (Wharf's own)
 */
public record QueueMetrics(String queueName, long approximateNumberOfMessagesVisible,
                           long approximateNumberOfMessagesNotVisible, long approximateNumberOfMessagesDelayed,
                           long approximateAgeOfOldestMessage, long numberOfMessagesSent,
                           long numberOfMessagesReceived, long numberOfMessagesDeleted, long numberOfEmptyReceives,
                           long numberOfDeduplicatedSentMessages, long numberOfMessagesMovedToDeadLetterQueue) {

    /** A figure the backend cannot give. */
    public static final long UNKNOWN = Admin.UNKNOWN_FIGURE;

    /** The metric names, in the order of the record's figures (the store's own list). */
    public static final List<String> NAMES = Admin.METRIC_NAMES;

    /** The figures of {@code queueName} from a map by metric name. */
    static QueueMetrics of(String queueName, Map<String, Long> byName) {
        long[] v = NAMES.stream().mapToLong(byName::get).toArray();
        return new QueueMetrics(queueName, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
    }

    /** Each figure by its metric name, in the order of {@link #NAMES}. */
    public Map<String, Long> asMap() {
        long[] v = {approximateNumberOfMessagesVisible, approximateNumberOfMessagesNotVisible,
                approximateNumberOfMessagesDelayed, approximateAgeOfOldestMessage, numberOfMessagesSent,
                numberOfMessagesReceived, numberOfMessagesDeleted, numberOfEmptyReceives,
                numberOfDeduplicatedSentMessages, numberOfMessagesMovedToDeadLetterQueue};
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < v.length; i++) {
            out.put(NAMES.get(i), v[i]);
        }
        return out;
    }
}
