package org.wharfmq.jms;

import jakarta.jms.Queue;

/** A queue: a store queue of the same name ({@code .fifo} names are FIFO). */
public class WharfQueue extends WharfDestination implements Queue {
    private static final long serialVersionUID = 1L;
    static final String KIND = "queue";

    public WharfQueue(String name) {
        super(name);
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
