package org.wharfmq.jms;

import java.io.Serializable;
import java.util.Objects;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import org.wharfmq.jms.message.Addressable;

/**
 * A queue or topic by name. Its address ({@code queue:NAME}, {@code topic:NAME},
 * {@code temp-queue:NAME}, {@code temp-topic:NAME}) is how a destination travels in a message.
 */
public abstract class WharfDestination implements Destination, Addressable, Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;

    protected WharfDestination(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The queue or topic name. */
    public String name() {
        return name;
    }

    /** The address prefix of this kind of destination. */
    protected abstract String kind();

    public boolean isQueue() {
        return this instanceof jakarta.jms.Queue;
    }

    public boolean isTemporary() {
        return this instanceof jakarta.jms.TemporaryQueue || this instanceof jakarta.jms.TemporaryTopic;
    }

    @Override
    public String toAddress() {
        return kind() + ":" + name;
    }

    /** A Wharf destination for any JMS queue or topic. */
    static WharfDestination of(jakarta.jms.Destination d) throws InvalidDestinationException {
        if (d == null) {
            throw new InvalidDestinationException("the destination is null");
        }
        if (d instanceof WharfDestination w) {
            return w;
        }
        try {
            if (d instanceof jakarta.jms.Queue q) {
                return new WharfQueue(q.getQueueName());
            }
            if (d instanceof jakarta.jms.Topic t) {
                return new WharfTopic(t.getTopicName());
            }
        } catch (jakarta.jms.JMSException e) {
            InvalidDestinationException i = new InvalidDestinationException("destination " + d + " has no name: "
                    + e.getMessage());
            i.setLinkedException(e);
            throw i;
        }
        throw new InvalidDestinationException("destination " + d + " is neither a queue nor a topic");
    }

    /** The destination an address names. */
    public static WharfDestination fromAddress(String address) throws InvalidDestinationException {
        int colon = address == null ? -1 : address.indexOf(':');
        if (colon > 0) {
            String name = address.substring(colon + 1);
            switch (address.substring(0, colon)) {
                case WharfQueue.KIND:
                    return new WharfQueue(name);
                case WharfTopic.KIND:
                    return new WharfTopic(name);
                case WharfTemporaryQueue.KIND:
                    return new WharfTemporaryQueue(name, null);
                case WharfTemporaryTopic.KIND:
                    return new WharfTemporaryTopic(name, null);
                default:
                    break;
            }
        }
        throw new InvalidDestinationException("'" + address + "' is not a destination address");
    }

    /**
     * Same kind and name. A queue or topic of another implementation (the resource adapter's
     * administered ones) that is not temporary equals the Wharf queue or topic of its name, so a
     * received JMSReplyTo equals the destination the sender set.
     */
    @Override
    public boolean equals(Object o) {
        if (o instanceof WharfDestination d) {
            return d.kind().equals(kind()) && d.name.equals(name);
        }
        if (isTemporary() || o instanceof jakarta.jms.TemporaryQueue || o instanceof jakarta.jms.TemporaryTopic) {
            return false;
        }
        try {
            if (isQueue() && o instanceof jakarta.jms.Queue q) {
                return name.equals(q.getQueueName());
            }
            if (!isQueue() && o instanceof jakarta.jms.Topic t) {
                return name.equals(t.getTopicName());
            }
        } catch (jakarta.jms.JMSException e) {
            return false;
        }
        return false;
    }

    /** The name's: equal to that of an equal destination of another implementation that hashes its name. */
    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return toAddress();
    }
}
