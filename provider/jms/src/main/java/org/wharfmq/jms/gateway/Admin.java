package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import org.wharfmq.jms.meta.MessageMoveTask;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.RedrivePolicy;

/** Queue administration by name; the backend resolves each name to its queue URL. */
public final class Admin {
    /** The names of a queue's figures in {@link #statistics}, in order: SQS's CloudWatch metric names. */
    public static final List<String> METRIC_NAMES = QueueStatistics.Snapshot.NAMES;
    /** A figure the backend cannot give. */
    public static final long UNKNOWN_FIGURE = QueueStatistics.UNKNOWN;
    /** The attribute that holds a queue's ARN, which a RedrivePolicy may name it by. */
    public static final String QUEUE_ARN = "QueueArn";

    private final Queues queues;
    private final Capabilities capabilities;
    private final QueueService service;

    Admin(Queues queues, Capabilities capabilities, QueueService service) {
        this.queues = queues;
        this.capabilities = capabilities;
        this.service = service;
    }

    public void createQueue(String name, Map<String, String> attributes) throws JMSException {
        Errors.call(() -> service.createQueue(name, attributes));
        queues.created(name);
    }

    /**
     * The queue's figures by their CloudWatch metric names ({@link #METRIC_NAMES}),
     * {@link #UNKNOWN_FIGURE} where the backend cannot give one.
     */
    public Map<String, Long> statistics(String name) throws JMSException {
        QueueStatistics statistics = capabilities.require(QueueStatistics.class, "queue statistics");
        String url = queues.existingQueue(name);
        return Errors.call(() -> statistics.statistics(url).byName());
    }

    /**
     * Whether the store, lately opened, is still counting queue {@code name}'s messages on disk:
     * until then its visible figure counts those found so far ({@link QueueStatistics#counting}).
     */
    public boolean counting(String name) throws JMSException {
        QueueStatistics statistics = capabilities.require(QueueStatistics.class, "queue statistics");
        String url = queues.existingQueue(name);
        return Errors.call(() -> statistics.counting(url));
    }

    /**
     * Queue {@code name}'s figures (as {@link #statistics}), whether it is still {@link #counting},
     * and its attributes {@code attributeNames}, its URL resolved once: what a listing of many
     * queues reads of each.
     */
    public Overview overview(String name, List<String> attributeNames) throws JMSException {
        QueueStatistics statistics = capabilities.require(QueueStatistics.class, "queue statistics");
        String url = queues.existingQueue(name);
        return Errors.call(() -> {
            boolean counting = statistics.counting(url);
            return new Overview(statistics.statistics(url).byName(), counting,
                    service.getQueueAttributes(url, attributeNames));
        });
    }

    /** What {@link #overview} read; {@code counting}: the visible figure is a lower bound for now. */
    public record Overview(Map<String, Long> figures, boolean counting, Map<String, String> attributes) {
    }

    /**
     * Creates queue {@code name}, or sets those of {@code attributes} whose current value differs;
     * returns the attributes set (all given ones for a new queue) and whether it was created. With
     * {@code mayChange} false, differing attributes fail with a JMSSecurityException instead.
     */
    public Declaration declare(String name, Map<String, String> attributes, boolean mayChange) throws JMSException {
        Declarations.Outcome o = Errors.call(() -> Declarations.declare(service, name, attributes, mayChange));
        if (o.created()) {
            queues.created(name);
        } else if (!o.changed().isEmpty()) {
            queues.attributesChanged(o.queueUrl());
        }
        return new Declaration(o.created(), o.changed());
    }

    /** What {@link #declare} did. */
    public record Declaration(boolean created, Map<String, String> changed) {
    }

    /** Whether queue {@code name} exists. */
    public boolean exists(String name) throws JMSException {
        try {
            queues.existingQueue(name);
            return true;
        } catch (InvalidDestinationException e) {
            return false;
        }
    }

    public Map<String, String> getQueueAttributes(String name) throws JMSException {
        String url = queues.existingQueue(name);
        return Errors.call(() -> service.getQueueAttributes(url, List.of("All")));
    }

    public void setQueueAttributes(String name, Map<String, String> attributes) throws JMSException {
        String url = queues.existingQueue(name);
        Errors.call(() -> {
            service.setQueueAttributes(url, attributes);
            return null;
        });
        queues.attributesChanged(url);
    }

    public void deleteQueue(String name) throws JMSException {
        String url = queues.existingQueue(name);
        Errors.call(() -> {
            service.deleteQueue(url);
            return null;
        });
        queues.forgetQueue(name);
    }

    public void purgeQueue(String name) throws JMSException {
        String url = queues.existingQueue(name);
        Errors.call(() -> {
            service.purgeQueue(url);
            return null;
        });
    }

    /**
     * Starts moving the messages of queue {@code source} to {@code destination} (null: each to its
     * source queue) at most {@code maxPerSecond} a second (null: no limit); returns the task handle.
     */
    public String startMessageMoveTask(String source, String destination, Integer maxPerSecond)
            throws JMSException {
        MessageMoves moves = moves();
        String sourceUrl = queues.existingQueue(source);
        String destinationUrl = destination == null ? null : queues.existingQueue(destination);
        return Errors.call(() -> moves.startMessageMoveTask(sourceUrl, destinationUrl, maxPerSecond));
    }

    /** The message move tasks of queue {@code source}, newest first. */
    public List<MessageMoveTask> listMessageMoveTasks(String source) throws JMSException {
        MessageMoves moves = moves();
        String sourceUrl = queues.existingQueue(source);
        List<MessageMoveTask> out = new ArrayList<>();
        for (org.wharfmq.store.MessageMoveTask t : Errors.call(() -> moves.listMessageMoveTasks(sourceUrl))) {
            out.add(new MessageMoveTask(t.taskHandle(), t.status().name(), service.queueName(t.sourceQueueUrl()),
                    t.destinationQueueUrl() == null ? null : service.queueName(t.destinationQueueUrl()),
                    t.maxMessagesPerSecond(), t.approximateNumberOfMessagesMoved(),
                    t.approximateNumberOfMessagesToMove(), t.failureReason(), t.startedTimestamp()));
        }
        return out;
    }

    /** Cancels a running message move task; returns how many messages it had moved. */
    public long cancelMessageMoveTask(String taskHandle) throws JMSException {
        MessageMoves moves = moves();
        return Errors.call(() -> moves.cancelMessageMoveTask(taskHandle));
    }

    /**
     * Names of the queues whose RedrivePolicy names queue {@code deadLetterQueue}, by name or by its
     * ARN (an SQS server's ARN holds the server's name of the queue, not the store's).
     */
    public List<String> queuesDeadLetteringTo(String deadLetterQueue) throws JMSException {
        String arn = getQueueAttributes(deadLetterQueue).get(QUEUE_ARN);
        List<String> out = new ArrayList<>();
        for (String q : listQueues(null)) {
            String policy = Errors.call(() -> service.getQueueAttributes(queues.existingQueue(q), List.of("All")))
                    .get(QueueConfig.REDRIVE_POLICY);
            if (policy != null && (deadLetterQueue.equals(RedrivePolicy.deadLetterNameOf(policy))
                    || arn != null && arn.equals(RedrivePolicy.targetOf(policy)))) {
                out.add(q);
            }
        }
        return out;
    }

    private MessageMoves moves() throws JMSException {
        return capabilities.require(MessageMoves.class, "a message move task");
    }

    /** Names of the queues whose name starts with {@code prefix} (null: all). */
    public List<String> listQueues(String prefix) throws JMSException {
        List<String> urls = Errors.call(() -> service.listQueues(prefix));
        List<String> names = new ArrayList<>(urls.size());
        for (String u : urls) {
            names.add(service.queueName(u));
        }
        return names;
    }
}
