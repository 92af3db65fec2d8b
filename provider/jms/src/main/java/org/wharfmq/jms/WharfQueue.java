package org.wharfmq.jms;

import jakarta.jms.Queue;
import org.wharfmq.jms.gateway.QueueSpec;

/** A queue: a store queue of the same name ({@code .fifo} names are FIFO). */
public class WharfQueue extends WharfDestination implements Queue {
    private static final long serialVersionUID = 1L;
    static final String KIND = "queue";

    /** Attributes the store queue is declared with on this destination's first use. */
    private final java.util.Map<String, String> attributes;
    /** Its dead-letter queue when declared beside it (through JNDI); may be null. */
    private final WharfQueue deadLetter;

    public WharfQueue(String name) {
        this(name, java.util.Map.of());
    }

    /**
     * A queue declared with {@code attributes} on first use: created with them if it does not exist,
     * else those that differ are set.
     */
    public WharfQueue(String name, java.util.Map<String, String> attributes) {
        this(name, attributes, null);
    }

    /**
     * A queue declared with {@code attributes} on first use; {@code deadLetter} (may be null) is the
     * queue its RedrivePolicy names, which that first use creates too if it does not exist.
     */
    public WharfQueue(String name, java.util.Map<String, String> attributes, WharfQueue deadLetter) {
        super(name);
        this.attributes = java.util.Map.copyOf(attributes);
        this.deadLetter = deadLetter;
    }

    /** The attributes a first use declares the queue with. */
    public java.util.Map<String, String> attributes() {
        return attributes;
    }

    /** This queue as the gateway creates it. */
    QueueSpec spec() {
        return new QueueSpec(name(), attributes, deadLetter == null ? null : deadLetter.spec());
    }

    @Override
    protected String kind() {
        return KIND;
    }

    @Override
    public String getQueueName() {
        return name();
    }
}
