package org.wharfmq.jms;

import jakarta.jms.JMSException;
import jakarta.jms.TemporaryTopic;

/** A topic that lives as long as the connection that made it. */
public final class WharfTemporaryTopic extends WharfTopic implements TemporaryTopic {
    private static final long serialVersionUID = 1L;
    static final String KIND = "temp-topic";

    private final transient WharfTemporaryQueue.TemporaryOwner owner;

    public WharfTemporaryTopic(String name, WharfTemporaryQueue.TemporaryOwner owner) {
        super(name);
        this.owner = owner;
    }

    @Override
    protected String kind() {
        return KIND;
    }

    @Override
    public void delete() throws JMSException {
        if (owner == null) {
            throw new jakarta.jms.IllegalStateException("only the connection that created " + this + " can delete it");
        }
        owner.deleteTemporary(this);
    }
}
