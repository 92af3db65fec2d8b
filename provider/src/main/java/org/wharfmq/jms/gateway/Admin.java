package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jakarta.jms.JMSException;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueStatistics;

/** Queue administration by name; the backend resolves each name to its queue URL. */
public final class Admin {
    private final StoreGateway gateway;
    private final QueueService service;
    private final QueueStatistics statistics;

    Admin(StoreGateway gateway, QueueService service, QueueStatistics statistics) {
        this.gateway = gateway;
        this.service = service;
        this.statistics = statistics;
    }

    public void createQueue(String name, Map<String, String> attributes) throws JMSException {
        Errors.call(() -> service.createQueue(name, attributes));
        gateway.noticeQueue(name);
    }

    /**
     * The queue's figures by their CloudWatch metric names (see {@link QueueStatistics.Snapshot#NAMES}),
     * -1 where the backend cannot give one.
     */
    public Map<String, Long> statistics(String name) throws JMSException {
        gateway.requireStatistics("queue statistics");
        String url = gateway.existingQueue(name);
        return Errors.call(() -> statistics.statistics(url).byName());
    }

    public Map<String, String> getQueueAttributes(String name) throws JMSException {
        String url = gateway.existingQueue(name);
        return Errors.call(() -> service.getQueueAttributes(url, List.of("All")));
    }

    public void setQueueAttributes(String name, Map<String, String> attributes) throws JMSException {
        String url = gateway.existingQueue(name);
        Errors.call(() -> {
            service.setQueueAttributes(url, attributes);
            return null;
        });
    }

    public void deleteQueue(String name) throws JMSException {
        String url = gateway.existingQueue(name);
        Errors.call(() -> {
            service.deleteQueue(url);
            return null;
        });
        gateway.forgetQueue(name);
    }

    public void purgeQueue(String name) throws JMSException {
        String url = gateway.existingQueue(name);
        Errors.call(() -> {
            service.purgeQueue(url);
            return null;
        });
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
