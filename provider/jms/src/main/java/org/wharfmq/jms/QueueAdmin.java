package org.wharfmq.jms;

import java.util.List;
import java.util.Map;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import org.wharfmq.jms.gateway.Admin;
import org.wharfmq.jms.meta.MessageMoveTask;

/**
 * Queue administration by name, with the model's attribute names (VisibilityTimeout,
 * RedrivePolicy, ...). A RedrivePolicy may name its dead-letter queue by name or ARN.
 */
public final class QueueAdmin {
    private final Admin admin;
    private final String user;
    private final Permissions permissions;

    QueueAdmin(Admin admin, String user, Permissions permissions) {
        this.admin = admin;
        this.user = user;
        this.permissions = permissions;
    }

    /** Creates a queue (FIFO if the name ends in .fifo); an identical existing one is fine. */
    public void createQueue(String name, Map<String, String> attributes) throws JMSException {
        permissions.check(user, Permissions.Op.CREATE, "queue", name);
        admin.createQueue(name, attributes);
    }

    /** What {@link #declare} did to a queue. */
    public enum Declared { CREATED, UPDATED, UNCHANGED }

    /**
     * Makes queue {@code name} (FIFO if it ends in .fifo) have {@code attributes}: creates it, or
     * sets only those whose current value differs (a RedrivePolicy is compared by its dead-letter
     * queue and count, however it names the queue). The type of a queue cannot change. Every value
     * is checked before anything changes; a bad one fails naming it and changes nothing. Needs the
     * create permission for a new queue and admin for a change.
     */
    public Declared declare(String name, Map<String, String> attributes) throws JMSException {
        if (!permissions.allows(user, Permissions.Op.CREATE, name) && !admin.exists(name)) {
            permissions.check(user, Permissions.Op.CREATE, "queue", name);
        }
        Admin.Declaration d;
        try {
            d = admin.declare(name, attributes == null ? Map.of() : attributes,
                    permissions.allows(user, Permissions.Op.ADMIN, name));
        } catch (JMSSecurityException e) {
            throw new JMSSecurityException("user '" + user + "' may not administer queue " + name + ": "
                    + e.getMessage(), e.getErrorCode());
        }
        return d.created() ? Declared.CREATED : d.changed().isEmpty() ? Declared.UNCHANGED : Declared.UPDATED;
    }

    /** {@link #declare(String, Map)} of {@code declaration}'s queue and attributes. */
    public Declared declare(QueueDeclaration declaration) throws JMSException {
        return declare(declaration.name(), declaration.attributes());
    }

    public Map<String, String> getQueueAttributes(String name) throws JMSException {
        permissions.check(user, Permissions.Op.ADMIN, "queue", name);
        return admin.getQueueAttributes(name);
    }

    public void setQueueAttributes(String name, Map<String, String> attributes) throws JMSException {
        permissions.check(user, Permissions.Op.ADMIN, "queue", name);
        admin.setQueueAttributes(name, attributes);
    }

    public void deleteQueue(String name) throws JMSException {
        permissions.check(user, Permissions.Op.DELETE, "queue", name);
        admin.deleteQueue(name);
    }

    public void purgeQueue(String name) throws JMSException {
        permissions.check(user, Permissions.Op.DELETE, "queue", name);
        admin.purgeQueue(name);
    }

    /**
     * Starts a message move task, as SQS's StartMessageMoveTask: the messages that dead-letter queue
     * {@code sourceQueue} holds go back to the queue each came from ({@code destinationQueue} null)
     * or to {@code destinationQueue}, keeping their JMSMessageID, at most {@code maxMessagesPerSecond}
     * (1..500; null: no limit) a second. Needs admin on the source and send on the destination (on
     * each source queue its messages name, when none is given). Returns the task handle.
     */
    public String startMessageMoveTask(String sourceQueue, String destinationQueue, Integer maxMessagesPerSecond)
            throws JMSException {
        permissions.check(user, Permissions.Op.ADMIN, "queue", sourceQueue);
        if (destinationQueue != null) {
            permissions.check(user, Permissions.Op.SEND, "queue", destinationQueue);
        } else {
            for (String q : admin.queuesDeadLetteringTo(sourceQueue)) {
                permissions.check(user, Permissions.Op.SEND, "queue", q);
            }
        }
        return admin.startMessageMoveTask(sourceQueue, destinationQueue, maxMessagesPerSecond);
    }

    /** The message move tasks of queue {@code sourceQueue}, newest first: the running one and the last ones done. */
    public List<MessageMoveTask> listMessageMoveTasks(String sourceQueue) throws JMSException {
        permissions.check(user, Permissions.Op.ADMIN, "queue", sourceQueue);
        return admin.listMessageMoveTasks(sourceQueue);
    }

    /**
     * Cancels a running message move task; returns how many messages it had moved. Needs admin on
     * the task's source queue.
     */
    public long cancelMessageMoveTask(String taskHandle) throws JMSException {
        for (String q : listQueues(null)) {
            if (admin.listMessageMoveTasks(q).stream().anyMatch(t -> t.taskHandle().equals(taskHandle))) {
                return admin.cancelMessageMoveTask(taskHandle);
            }
        }
        throw new InvalidDestinationException("no message move task has the handle '" + taskHandle
                + "' on a queue user '" + user + "' may administer", "ResourceNotFoundException");
    }

    /**
     * The queue's figures under SQS's CloudWatch metric names (the same as its JMX MBean's); fails
     * with UnsupportedOperation when the store's backend gives none.
     */
    public QueueMetrics statistics(String name) throws JMSException {
        permissions.check(user, Permissions.Op.ADMIN, "queue", name);
        return QueueMetrics.of(name, admin.statistics(name));
    }

    /** Names of the queues whose name starts with {@code prefix} (null: all) that the user may administer. */
    public List<String> listQueues(String prefix) throws JMSException {
        return admin.listQueues(prefix).stream()
                .filter(n -> permissions.allows(user, Permissions.Op.ADMIN, n)).toList();
    }
}
