package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.QueueConfig;

/**
 * Message sizes against the server's limits: a message over its queue's MaximumMessageSize
 * ({@link ServerQueues#maximumMessageSize}) fails before it is sent, naming both sizes; a batch goes
 * out in as many SendMessageBatch requests as keep each within the queue's MaximumMessageSize and
 * Amazon SQS's 1 MiB in all (YMQ's batch total is its 256 KiB, which no queue there exceeds). A
 * size is the body plus each attribute's name, type and value, as SQS counts it.
 */
final class MessageSizes {
    private final ToIntFunction<String> maximumMessageSize;

    /** {@code maximumMessageSize} gives a queue's MaximumMessageSize by its URL. */
    MessageSizes(ToIntFunction<String> maximumMessageSize) {
        this.maximumMessageSize = maximumMessageSize;
    }

    /**
     * The attributes a queue Wharf creates gets unless given: on Amazon SQS MaximumMessageSize 1 MiB,
     * which a new queue there does not have by default; elsewhere none (YMQ's 256 KiB is its most).
     */
    static Map<String, String> creationDefaults(URI endpoint) {
        return SqsOptions.amazon(endpoint)
                ? Map.of(QueueConfig.MAXIMUM_MESSAGE_SIZE, Integer.toString(Limits.AMAZON_SQS.maxMessageBytes()))
                : Map.of();
    }

    /** True if the message is over its queue's MaximumMessageSize. */
    boolean over(String queueUrl, String body, Map<String, MessageAttributeValue> attributes) {
        return MessageRules.sizeOf(body, attributes) > maximumMessageSize.applyAsInt(queueUrl);
    }

    /** Fails, naming both sizes, if the message is over its queue's MaximumMessageSize. */
    void check(String queueUrl, String body, Map<String, MessageAttributeValue> attributes) {
        long size = MessageRules.sizeOf(body, attributes);
        int limit = maximumMessageSize.applyAsInt(queueUrl);
        if (size > limit) {
            throw tooBig(queueUrl, size, limit);
        }
    }

    private static QueueServiceException tooBig(String queueUrl, long size, int limit) {
        return new QueueServiceException(INVALID_PARAMETER_VALUE, "the message is " + size + " bytes (body and"
                + " attributes), over the MaximumMessageSize of queue " + ServerQueues.name(queueUrl) + ", "
                + limit + " bytes");
    }

    /**
     * {@code entries} as requests in their order, each within the queue's MaximumMessageSize and 1 MiB
     * in all; an entry over the queue's MaximumMessageSize goes to none and is added to {@code failed}.
     */
    List<List<SendBatchEntry>> split(String queueUrl, List<SendBatchEntry> entries,
                                     List<BatchResultErrorEntry> failed) {
        int limit = maximumMessageSize.applyAsInt(queueUrl);
        long total = Math.min(limit, Limits.AMAZON_SQS.maxMessageBytes());
        List<List<SendBatchEntry>> requests = new ArrayList<>();
        List<SendBatchEntry> request = new ArrayList<>();
        long bytes = 0;
        for (SendBatchEntry e : entries) {
            long size = MessageRules.sizeOf(e.messageBody(), e.messageAttributes());
            if (size > limit) {
                failed.add(new BatchResultErrorEntry(e.id(), INVALID_PARAMETER_VALUE,
                        tooBig(queueUrl, size, limit).getMessage(), true));
                continue;
            }
            if (!request.isEmpty() && bytes + size > total) {
                requests.add(request);
                request = new ArrayList<>();
                bytes = 0;
            }
            request.add(e);
            bytes += size;
        }
        if (!request.isEmpty()) {
            requests.add(request);
        }
        return requests;
    }
}
