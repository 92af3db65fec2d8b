package org.wharfmq.jms;

import java.util.List;
import java.util.Map;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.Admin;

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
