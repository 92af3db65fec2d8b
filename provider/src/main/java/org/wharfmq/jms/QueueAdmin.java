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

    QueueAdmin(Admin admin) {
        this.admin = admin;
    }

    /** Creates a queue (FIFO if the name ends in .fifo); an identical existing one is fine. */
    public void createQueue(String name, Map<String, String> attributes) throws JMSException {
        admin.createQueue(name, attributes);
    }

    public Map<String, String> getQueueAttributes(String name) throws JMSException {
        return admin.getQueueAttributes(name);
    }

    public void setQueueAttributes(String name, Map<String, String> attributes) throws JMSException {
        admin.setQueueAttributes(name, attributes);
    }

    public void deleteQueue(String name) throws JMSException {
        admin.deleteQueue(name);
    }

    public void purgeQueue(String name) throws JMSException {
        admin.purgeQueue(name);
    }

    /** Names of the queues whose name starts with {@code prefix} (null: all). */
    public List<String> listQueues(String prefix) throws JMSException {
        return admin.listQueues(prefix);
    }
}
