package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import org.wharfmq.store.QueueService;

/** Queue administration by name; the backend resolves each name to its queue URL. */
public final class Admin {
    private final StoreGateway gateway;
    private final QueueService service;

    Admin(StoreGateway gateway, QueueService service) {
        this.gateway = gateway;
        this.service = service;
    }

    public void createQueue(String name, Map<String, String> attributes) throws JMSException {
        Errors.call(() -> service.createQueue(name, attributes));
    }

    /**
     * Creates queue {@code name}, or sets those of {@code attributes} whose current value differs;
     * returns the attributes set (all given ones for a new queue) and whether it was created. With
     * {@code mayChange} false, differing attributes fail with a JMSSecurityException instead.
     */
    public Declaration declare(String name, Map<String, String> attributes, boolean mayChange) throws JMSException {
        Declarations.Outcome o = Errors.call(() -> Declarations.declare(service, name, attributes, mayChange));
        return new Declaration(o.created(), o.changed());
    }

    /** What {@link #declare} did. */
    public record Declaration(boolean created, Map<String, String> changed) {
    }

    /** Whether queue {@code name} exists. */
    public boolean exists(String name) throws JMSException {
        try {
            gateway.existingQueue(name);
            return true;
        } catch (InvalidDestinationException e) {
            return false;
        }
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
