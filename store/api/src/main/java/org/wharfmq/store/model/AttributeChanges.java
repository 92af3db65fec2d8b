package org.wharfmq.store.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueServiceException;

/**
 * Which declared attributes of a queue differ from its current ones, compared by value: numbers as
 * numbers, a RedrivePolicy by its dead-letter queue's ARN and maxReceiveCount, whether the policy names
 * that queue by name, by Wharf's ARN or by the server's.
 */
public final class AttributeChanges {
    private static final Set<String> MODEL = Set.of(QueueConfig.VISIBILITY_TIMEOUT,
            QueueConfig.MESSAGE_RETENTION_PERIOD, QueueConfig.DELAY_SECONDS,
            QueueConfig.RECEIVE_MESSAGE_WAIT_TIME_SECONDS, QueueConfig.MAXIMUM_MESSAGE_SIZE,
            QueueConfig.REDRIVE_POLICY, QueueConfig.FIFO_QUEUE, QueueConfig.CONTENT_BASED_DEDUPLICATION,
            QueueConfig.DEDUPLICATION_WINDOW, QueueConfig.DEDUPLICATION_SCOPE);

    private AttributeChanges() {
    }

    /**
     * The entries of {@code wanted} whose value differs from {@code current}'s (GetQueueAttributes
     * All). {@code arnOfQueue} gives the ARN of a queue by name, as GetQueueAttributes shows it.
     * FifoQueue is left out: a queue's type is checked, never changed.
     */
    public static Map<String, String> of(Map<String, String> wanted, Map<String, String> current,
                                         UnaryOperator<String> arnOfQueue) {
        Map<String, String> changes = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            String name = e.getKey();
            if (name.equals(QueueConfig.FIFO_QUEUE)) {
                continue;
            }
            boolean same = name.equals(QueueConfig.REDRIVE_POLICY)
                    ? Objects.equals(redrive(e.getValue(), arnOfQueue), redrive(current.get(name), null))
                    : Objects.equals(scalar(e.getValue()), scalar(current.get(name)));
            if (!same) {
                changes.put(name, e.getValue());
            }
        }
        return changes;
    }

    /**
     * Fails naming the first bad value in {@code wanted} for queue {@code name}, before anything
     * changes: a FifoQueue that contradicts the name, a model attribute out of its range, a
     * RedrivePolicy naming the queue itself or a dead-letter queue of the other type. Names the model
     * does not know, and dead-letter targets given by a server's ARN, are left to the backend.
     */
    public static void check(String name, Map<String, String> wanted) {
        boolean fifo = Names.checkQueueName(name);
        String fifoQueue = wanted.get(QueueConfig.FIFO_QUEUE);
        if (fifoQueue != null && !fifoQueue.equals(Boolean.toString(fifo))) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "queue " + name + " is "
                    + (fifo ? "a FIFO" : "a standard") + " queue and cannot change type: FifoQueue=" + fifoQueue);
        }
        Map<String, String> known = new LinkedHashMap<>(wanted);
        known.keySet().retainAll(MODEL);
        String policy = known.get(QueueConfig.REDRIVE_POLICY);
        if (policy != null && !policy.isBlank() && Names.isServerArn(RedrivePolicy.fields(policy)
                .getOrDefault(RedrivePolicy.TARGET, ""))) {
            known.remove(QueueConfig.REDRIVE_POLICY);
        }
        RedrivePolicy p = QueueConfig.defaults(fifo, QueueConfig.DEFAULT_DEDUPLICATION_WINDOW)
                .with(known).redrivePolicy();
        if (p != null && p.deadLetterQueue().equals(name)) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE,
                    "queue " + name + " cannot be its own dead-letter queue");
        }
        if (p != null && Names.isFifo(p.deadLetterQueue()) != fifo) {
            throw new QueueServiceException(ErrorCodes.INVALID_PARAMETER_VALUE, "dead-letter queue "
                    + p.deadLetterQueue() + " is " + (fifo ? "standard" : "FIFO") + " but queue " + name + " is "
                    + (fifo ? "FIFO" : "standard"));
        }
    }

    /**
     * A policy as (ARN of its dead-letter queue, maxReceiveCount); null for none. A target given by
     * name or Wharf's ARN is looked up with {@code arnOfQueue}; with null, the target is taken as is.
     */
    private static Map.Entry<String, Long> redrive(String json, UnaryOperator<String> arnOfQueue) {
        if (json == null || json.isBlank()) {
            return null;
        }
        Map<String, String> fields = RedrivePolicy.fields(json);
        String target = fields.getOrDefault(RedrivePolicy.TARGET, "");
        String arn = arnOfQueue == null || Names.isServerArn(target) ? target
                : arnOfQueue.apply(Names.queueNameOfTarget(target));
        return Map.entry(arn, number(fields.getOrDefault(RedrivePolicy.MAX_RECEIVE_COUNT, "")));
    }

    private static Object scalar(String value) {
        if (value == null) {
            return null;
        }
        Long n = number(value);
        return n != null ? n : value.trim();
    }

    private static Long number(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
