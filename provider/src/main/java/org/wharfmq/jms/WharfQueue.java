package org.wharfmq.jms;

import jakarta.jms.Queue;

/** A queue: a store queue of the same name ({@code .fifo} names are FIFO). */
public class WharfQueue extends WharfDestination implements Queue {
    private static final long serialVersionUID = 1L;
    static final String KIND = "queue";

    /** Attributes for the store queue if this destination's first use creates it. */
    private final java.util.Map<String, String> attributes;

    public WharfQueue(String name) {
        this(name, java.util.Map.of());
    }

    /** A queue that, if it does not exist yet, is created with {@code attributes} on first use. */
    public WharfQueue(String name, java.util.Map<String, String> attributes) {
        super(name);
        this.attributes = java.util.Map.copyOf(attributes);
    }

    /** The attributes a first use creates the queue with. */
    public java.util.Map<String, String> attributes() {
        return attributes;
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
