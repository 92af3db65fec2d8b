package org.wharfmq.jms.gateway;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;

/**
 * The queues and topics of one store that this JVM knows: each queue's URL, the backend's answer,
 * resolved or declared on first use and then cached by name, and the topics created. It tells the
 * store's {@link QueueListener}s of each queue it learns of or deletes.
 */
public final class Queues {
    private final QueueService service;
    private final Capabilities capabilities;
    private final Redeliveries redeliveries;
    private final VisibilityExtender extender;
    private final QueueListener listener;
    /** Queue name to the URL the backend gave for it: the queues known to exist. */
    private final Map<String, String> queueUrls = new ConcurrentHashMap<>();
    private final Map<String, Boolean> knownTopics = new ConcurrentHashMap<>();

    Queues(QueueService service, Capabilities capabilities, Redeliveries redeliveries, VisibilityExtender extender,
           QueueListener listener) {
        this.service = service;
        this.capabilities = capabilities;
        this.redeliveries = redeliveries;
        this.extender = extender;
        this.listener = listener;
    }

    /**
     * The URL of queue {@code q}, declared with its attributes on first use: created if it does not
     * exist, else those attributes that differ are set (see {@link Declarations}). A RedrivePolicy must
     * name an existing dead-letter queue or one declared beside {@code q}, which is then created
     * first; if declaring {@code q} still fails, that dead-letter queue is deleted again, so a failed
     * creation leaves nothing behind. A temporary queue is only looked up, never created.
     */
    public String queue(QueueSpec q) throws JMSException {
        return queue(q, true);
    }

    /**
     * As {@link #queue(QueueSpec)}; with {@code mayChange} false, an existing queue whose attributes
     * differ from {@code q}'s is left as it is and this fails with a JMSSecurityException.
     */
    public String queue(QueueSpec q, boolean mayChange) throws JMSException {
        String known = queueUrls.get(q.name());
        if (known != null) {
            return known;
        }
        if (q.temporary()) {
            String url;
            try {
                url = service.getQueueUrl(q.name());
            } catch (QueueServiceException e) {
                if (!e.code().equals(ErrorCodes.QUEUE_DOES_NOT_EXIST)) {
                    throw Errors.of(e);
                }
                throw Errors.linked(new InvalidDestinationException("temporary queue " + q.name() + " no longer"
                        + " exists: it was deleted, or the connection that made it closed", e.code()), e);
            }
            queueUrls.put(q.name(), url);
            return url;
        }
        try {
            Names.checkQueueName(q.name());
        } catch (QueueServiceException e) {
            throw Errors.linked(new InvalidDestinationException(e.getMessage(), e.code()), e);
        }
        String created;
        try {
            created = Declarations.declare(service, q.name(), q.attributes(), mayChange).queueUrl();
        } catch (QueueServiceException e) {
            String dlq = QueueSpec.deadLetterName(q.attributes());
            if (e.code().equals(ErrorCodes.QUEUE_DOES_NOT_EXIST) && dlq != null && !dlq.equals(q.name())) {
                if (q.deadLetter() == null || !q.deadLetter().name().equals(dlq)) {
                    throw Errors.linked(new InvalidDestinationException("queue " + q.name()
                            + " cannot be declared: its RedrivePolicy names dead-letter queue " + dlq
                            + ", which does not exist; create it first, or declare it in the same JNDI environment",
                            e.code()), e);
                }
                return withNewDeadLetterQueue(q, mayChange);
            }
            throw Errors.of(e);
        }
        queueUrls.put(q.name(), created);
        listener.queueKnown(q.name());
        return created;
    }

    private String withNewDeadLetterQueue(QueueSpec q, boolean mayChange) throws JMSException {
        String dlqUrl = queue(q.deadLetter(), mayChange);
        try {
            return queue(q, mayChange);
        } catch (JMSException e) {
            forgetQueue(q.deadLetter().name());
            try {
                service.deleteQueue(dlqUrl);
            } catch (QueueServiceException gone) {
                e.addSuppressed(gone);
            }
            throw e;
        }
    }

    /** True if queue {@code name} exists: known to this JVM, or found in the store. */
    public boolean exists(String name) throws JMSException {
        if (queueUrls.containsKey(name)) {
            return true;
        }
        try {
            service.getQueueUrl(name);
            return true;
        } catch (QueueServiceException e) {
            if (e.code().equals(ErrorCodes.QUEUE_DOES_NOT_EXIST)) {
                return false;
            }
            throw Errors.of(e);
        }
    }

    /** The URL of an existing queue, as the backend names it. */
    public String existingQueue(String name) throws JMSException {
        String known = queueUrls.get(name);
        return known != null ? known : Errors.call(() -> service.getQueueUrl(name));
    }

    /** Creates topic {@code name} if this gateway has not seen it yet. */
    public void topic(String name) throws JMSException {
        capabilities.requireTopics("topic " + name);
        if (knownTopics.putIfAbsent(name, Boolean.TRUE) == null) {
            try {
                capabilities.topics.createTopic(name);
            } catch (QueueServiceException e) {
                knownTopics.remove(name);
                throw e.code().equals(ErrorCodes.INVALID_PARAMETER_VALUE)
                        ? Errors.linked(new InvalidDestinationException(e.getMessage(), e.code()), e)
                        : Errors.of(e);
            }
        }
    }

    /** True if topic {@code name} does not exist yet: unknown to this JVM and not in the store. */
    boolean topicMissing(String name) throws JMSException {
        capabilities.requireTopics("topic " + name);
        return !knownTopics.containsKey(name)
                && !Errors.call(() -> capabilities.topics.listTopics()).contains(name);
    }

    /**
     * Deletes topic {@code name}, which a use just created before it failed, unless another
     * subscribed to it meanwhile.
     */
    void deleteTopicIfUnused(String name) {
        try {
            if (capabilities.topics.listSubscriptions(name).isEmpty()) {
                knownTopics.remove(name);
                capabilities.topics.deleteTopic(name);
            }
        } catch (QueueServiceException e) {
            // Gone already.
        }
    }

    /** Deletes a queue or topic if it exists (a temporary destination going away). */
    public void deleteQuietly(boolean queue, String name) {
        try {
            if (queue) {
                String u = queueUrls.remove(name);
                listener.queueDeleted(name);
                service.deleteQueue(u != null ? u : service.getQueueUrl(name));
            } else if (capabilities.topics != null) {
                knownTopics.remove(name);
                capabilities.topics.deleteTopic(name);
            }
        } catch (QueueServiceException e) {
            // Gone already.
        }
    }

    /** Administration deleted queue {@code name}. */
    void forgetQueue(String name) {
        String u = queueUrls.remove(name);
        if (u != null) {
            redeliveries.forget(u);
            extender.forgetQueue(u);
        }
        listener.queueDeleted(name);
    }

    /** The queue's attributes changed: its RedeliveryPolicy and VisibilityTimeout are read again when next needed. */
    void attributesChanged(String queueUrl) {
        redeliveries.forget(queueUrl);
        extender.forgetQueue(queueUrl);
    }

    /** Administration created queue {@code name}. */
    void created(String name) {
        listener.queueCreated(name);
    }
}
