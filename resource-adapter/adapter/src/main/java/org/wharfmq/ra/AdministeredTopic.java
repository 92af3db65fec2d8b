package org.wharfmq.ra;

import java.io.Serializable;
import java.util.Objects;
import javax.naming.Reference;
import jakarta.jms.Topic;
import jakarta.resource.Referenceable;

/** A topic bound in JNDI by the server ({@code @Resource(lookup = ...) Topic}); it names a store topic. */
public class AdministeredTopic implements Topic, Referenceable, Serializable {
    private static final long serialVersionUID = 1L;

    private String name;
    private Reference reference;

    /** The store topic's name. */
    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    @Override
    public String getTopicName() {
        return name;
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
        // Any topic of this name, such as Wharf's own in a received JMSReplyTo (its equals answers alike).
        if (o instanceof AdministeredTopic t) {
            return Objects.equals(t.name, name);
        }
        try {
            return o instanceof Topic other && !(o instanceof jakarta.jms.TemporaryTopic) && name != null
                    && name.equals(other.getTopicName());
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
        return "topic:" + name;
    }
}
