package org.wharfmq.jms;

import java.util.List;
import java.util.Map;
import jakarta.jms.JMSException;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;

/**
 * Queue administration by name, with the model's attribute names (VisibilityTimeout,
 * RedrivePolicy, ...). A RedrivePolicy may name its dead-letter queue by name or ARN.
 */
public final class QueueAdmin {
    private final SharedStore store;

    QueueAdmin(SharedStore store) {
        this.store = store;
    }

    /** Creates a queue (FIFO if the name ends in .fifo); an identical existing one is fine. */
    public void createQueue(String name, Map<String, String> attributes) throws JMSException {
        JmsErrors.call(() -> store.service.createQueue(name, attributes));
    }

    public Map<String, String> getQueueAttributes(String name) throws JMSException {
        return JmsErrors.call(() -> store.service.getQueueAttributes(Names.url(name), List.of("All")));
    }

    public void setQueueAttributes(String name, Map<String, String> attributes) throws JMSException {
        JmsErrors.call(() -> {
            store.service.setQueueAttributes(Names.url(name), attributes);
            return null;
        });
    }

    public void deleteQueue(String name) throws JMSException {
        JmsErrors.call(() -> {
            store.service.deleteQueue(Names.url(name));
            return null;
        });
        store.forgetQueue(name);
    }

    public void purgeQueue(String name) throws JMSException {
        JmsErrors.call(() -> {
            store.service.purgeQueue(Names.url(name));
            return null;
        });
    }

    /** Names of the queues whose name starts with {@code prefix} (null: all). */
    public List<String> listQueues(String prefix) throws JMSException {
        try {
            return store.service.listQueues(prefix).stream().map(Names::nameOfUrl).toList();
        } catch (QueueServiceException e) {
            throw JmsErrors.of(e);
        }
    }
}
