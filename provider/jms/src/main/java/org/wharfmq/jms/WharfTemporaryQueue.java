package org.wharfmq.jms;

import jakarta.jms.JMSException;
import jakarta.jms.TemporaryQueue;
import org.wharfmq.jms.gateway.QueueSpec;

/** A queue that lives as long as the connection that made it. */
public final class WharfTemporaryQueue extends WharfQueue implements TemporaryQueue {
    private static final long serialVersionUID = 1L;
    static final String KIND = "temp-queue";

    /** Deletes the queue for its connection; null for a copy read from a message. */
    private final transient TemporaryOwner owner;

    /** What a temporary destination's connection does for it. */
    public interface TemporaryOwner {
        void deleteTemporary(WharfDestination destination) throws JMSException;
    }

    public WharfTemporaryQueue(String name, TemporaryOwner owner) {
        super(name);
        this.owner = owner;
    }

    /** Only its connection creates it: a send to it once it is gone fails instead of creating it again. */
    @Override
    QueueSpec spec() {
        return QueueSpec.temporary(name());
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
