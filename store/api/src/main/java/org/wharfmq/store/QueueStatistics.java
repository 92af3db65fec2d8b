package org.wharfmq.store;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Optional capability: a queue's figures under the names of Amazon SQS's CloudWatch metrics, so
 * that SQS and Yandex Message Queue users know them. The Approximate* figures are the queue's now,
 * the same whichever process asks where several share one store; the Number* counters count what
 * this open store did itself since it was opened (they start at 0 on every open, and a queue
 * deleted and created again starts again at 0). A figure the backend cannot give is {@link #UNKNOWN}.
 */
public interface QueueStatistics {
    /** A figure the backend cannot give. */
    long UNKNOWN = -1;

    /** The figures of the queue at {@code queueUrl}; QueueDoesNotExist if it does not exist. */
    Snapshot statistics(String queueUrl);

    /**
     * Whether the store is still counting the queue's messages on disk, as it may for a while after
     * it opens: until it is done, ApproximateNumberOfMessagesVisible counts those found so far, and
     * the queue holds at least that many. Once false for an open store, it stays false, so figures
     * read after a false are whole. False by default, for a backend that counts whole from the start.
     */
    default boolean counting(String queueUrl) {
        return false;
    }

    /**
     * One queue's figures at one moment, each named as its CloudWatch metric. The counters of a
     * receive count each ReceiveMessage call, a batch's entries one by one.
     *
     * @param approximateNumberOfMessagesVisible messages available for retrieval
     * @param approximateNumberOfMessagesNotVisible messages in flight: received, not deleted, visibility not over
     * @param approximateNumberOfMessagesDelayed messages not yet visible because of a delay
     * @param approximateAgeOfOldestMessage seconds since the oldest message still in the queue was sent, 0 if none
     * @param numberOfMessagesSent messages added by SendMessage (or a batch entry, a commit, a publish);
     *                             neither a deduplicated send nor a move to this queue as a dead-letter queue
     * @param numberOfMessagesReceived messages returned by ReceiveMessage calls
     * @param numberOfMessagesDeleted messages deleted by DeleteMessage (or a batch entry, a commit, a consuming receive)
     * @param numberOfEmptyReceives ReceiveMessage calls that returned no message
     * @param numberOfDeduplicatedSentMessages sends accepted but not delivered as duplicates (FIFO queues)
     * @param numberOfMessagesMovedToDeadLetterQueue messages this queue's RedrivePolicy moved to its
     *                                               dead-letter queue (Wharf's own; CloudWatch has none)
     */
    record Snapshot(long approximateNumberOfMessagesVisible, long approximateNumberOfMessagesNotVisible,
                    long approximateNumberOfMessagesDelayed, long approximateAgeOfOldestMessage,
                    long numberOfMessagesSent, long numberOfMessagesReceived, long numberOfMessagesDeleted,
                    long numberOfEmptyReceives, long numberOfDeduplicatedSentMessages,
                    long numberOfMessagesMovedToDeadLetterQueue) {

        /** The metric names, in the order of the record's components. */
        public static final List<String> NAMES = List.of("ApproximateNumberOfMessagesVisible",
                "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed",
                "ApproximateAgeOfOldestMessage", "NumberOfMessagesSent", "NumberOfMessagesReceived",
                "NumberOfMessagesDeleted", "NumberOfEmptyReceives", "NumberOfDeduplicatedSentMessages",
                "NumberOfMessagesMovedToDeadLetterQueue");

        /** Each figure by its metric name, in the order of {@link #NAMES}. */
        public Map<String, Long> byName() {
            long[] values = {approximateNumberOfMessagesVisible, approximateNumberOfMessagesNotVisible,
                    approximateNumberOfMessagesDelayed, approximateAgeOfOldestMessage, numberOfMessagesSent,
                    numberOfMessagesReceived, numberOfMessagesDeleted, numberOfEmptyReceives,
                    numberOfDeduplicatedSentMessages, numberOfMessagesMovedToDeadLetterQueue};
            Map<String, Long> out = new LinkedHashMap<>();
            for (int i = 0; i < values.length; i++) {
                out.put(NAMES.get(i), values[i]);
            }
            return out;
        }
    }
}
