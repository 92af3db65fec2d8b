package org.wharfmq.jms;

import jakarta.jms.Queue;
import org.wharfmq.jms.gateway.QueueSpec;

/** A queue: a store queue of the same name ({@code .fifo} names are FIFO). */
public class WharfQueue extends WharfDestination implements Queue {
    private static final long serialVersionUID = 1L;
    static final String KIND = "queue";

    /** Attributes for the store queue if this destination's first use creates it. */
    private final java.util.Map<String, String> attributes;
    /** Its dead-letter queue when declared beside it (through JNDI); may be null. */
    private final WharfQueue deadLetter;

    public WharfQueue(String name) {
        this(name, java.util.Map.of());
    }

    /** A queue that, if it does not exist yet, is created with {@code attributes} on first use. */
    public WharfQueue(String name, java.util.Map<String, String> attributes) {
        this(name, attributes, null);
    }

    /**
     * A queue created with {@code attributes} on first use; {@code deadLetter} (may be null) is the
     * queue its RedrivePolicy names, which that first use creates too if it does not exist.
     */
    public WharfQueue(String name, java.util.Map<String, String> attributes, WharfQueue deadLetter) {
        super(name);
        this.attributes = java.util.Map.copyOf(attributes);
        this.deadLetter = deadLetter;
    }

    /** The attributes a first use creates the queue with. */
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
