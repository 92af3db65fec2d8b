package org.wharfmq.jms;

import java.util.Map;
import org.wharfmq.jms.gateway.QueueSpec;

/**
 * A queue as configuration declares it: its name ({@code .fifo} names are FIFO queues) and the
 * attributes it is to have, under the model's names (VisibilityTimeout, RedrivePolicy, ...). The
 * store checks both when the declaration is applied ({@link QueueAdmin#declare(QueueDeclaration)}).
 */
public record QueueDeclaration(String name, Map<String, String> attributes) {

    /** Copies the attributes (none if null); fails naming a missing name or a missing attribute name or value. */
    public QueueDeclaration {
        if (name == null) {
            throw new IllegalArgumentException("a queue declaration needs a queue name");
        }
        attributes = attributes == null ? Map.of() : attributes;
        for (Map.Entry<String, String> e : attributes.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                throw new IllegalArgumentException("queue '" + name + "': attribute " + e.getKey() + "="
                        + e.getValue() + " needs a name and a value");
            }
        }
        attributes = Map.copyOf(attributes);
    }

    /** The name of the dead-letter queue this declaration's RedrivePolicy names, or null. */
    public String deadLetterName() {
        return QueueSpec.deadLetterName(attributes);
    }
}
