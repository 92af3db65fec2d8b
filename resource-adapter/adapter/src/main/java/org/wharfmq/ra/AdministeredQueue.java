package org.wharfmq.ra;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import javax.naming.Reference;
import jakarta.jms.Queue;
import jakarta.resource.Referenceable;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterAssociation;

/**
 * A queue bound in JNDI by the server ({@code @Resource(lookup = ...) Queue}). It names a store
 * queue; when the server associates it with the adapter, the queue is created with its attributes,
 * or given them if it exists.
 */
public class AdministeredQueue implements Queue, ResourceAdapterAssociation, Referenceable, Serializable {
    private static final long serialVersionUID = 1L;

    private String name;
    private String deadLetterQueue;
    private Integer maxReceiveCount;
    private String attributes;
    private transient ResourceAdapter adapter;
    private Reference reference;

    /** The store queue's name ({@code .fifo} names are FIFO queues). */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The queue that messages received {@code maxReceiveCount} times move to. */
    public String getDeadLetterQueue() {
        return deadLetterQueue;
    }

    public void setDeadLetterQueue(String deadLetterQueue) {
        this.deadLetterQueue = deadLetterQueue;
    }

    public Integer getMaxReceiveCount() {
        return maxReceiveCount;
    }

    public void setMaxReceiveCount(Integer maxReceiveCount) {
        this.maxReceiveCount = maxReceiveCount;
    }

    /** Other store attributes, {@code Name=value} pairs separated by {@code ;} (e.g. {@code VisibilityTimeout=60}). */
    public String getAttributes() {
        return attributes;
    }

    public void setAttributes(String attributes) {
        this.attributes = attributes;
    }

    @Override
    public String getQueueName() {
        return name;
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return adapter;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter ra) throws ResourceException {
        this.adapter = ra;
        if (name == null || name.isBlank()) {
            throw new ResourceException("a Wharf queue needs its name property");
        }
        WharfResourceAdapter wharf = (WharfResourceAdapter) ra;
        if (deadLetterQueue != null && !deadLetterQueue.isBlank()) {
            // A redrive policy may only name a queue that exists.
            wharf.defineQueue(deadLetterQueue.trim(), Map.of());
        }
        wharf.defineQueue(name, storeAttributes());
    }

    /** The attributes the store queue is created with. */
    Map<String, String> storeAttributes() throws ResourceException {
        Map<String, String> all = new LinkedHashMap<>(QueueAttributes.parse(attributes));
        if (deadLetterQueue != null && !deadLetterQueue.isBlank()) {
            int max = maxReceiveCount == null ? 10 : maxReceiveCount;
            all.put("RedrivePolicy", "{\"deadLetterTargetArn\":\"" + deadLetterQueue.trim()
                    + "\",\"maxReceiveCount\":\"" + max + "\"}");
        } else if (maxReceiveCount != null) {
            throw new ResourceException("queue '" + name + "' has maxReceiveCount=" + maxReceiveCount
                    + " but no deadLetterQueue");
        }
        return all;
    }

    @Override
    public Reference getReference() {
        return reference;
    }

    @Override
    public void setReference(Reference reference) {
        this.reference = reference;
    }

    @Override
    public boolean equals(Object o) {
        // Any queue of this name, such as Wharf's own in a received JMSReplyTo (its equals answers alike).
        if (o instanceof AdministeredQueue q) {
            return Objects.equals(q.name, name);
        }
        try {
            return o instanceof Queue other && !(o instanceof jakarta.jms.TemporaryQueue) && name != null
                    && name.equals(other.getQueueName());
        } catch (jakarta.jms.JMSException e) {
            return false;
        }
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(name);
    }

    @Override
    public String toString() {
        return "queue:" + name;
    }
}
