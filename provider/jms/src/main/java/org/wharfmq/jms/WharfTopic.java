package org.wharfmq.jms;

import jakarta.jms.Topic;

/** A topic: a fan-out to one store queue per subscription. */
public class WharfTopic extends WharfDestination implements Topic {
    private static final long serialVersionUID = 1L;
    static final String KIND = "topic";

    public WharfTopic(String name) {
        super(name);
    }

    @Override
    protected String kind() {
        return KIND;
    }

    @Override
    public String getTopicName() {
        return name();
    }
}
