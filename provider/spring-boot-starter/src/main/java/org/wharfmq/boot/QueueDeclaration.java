package org.wharfmq.boot;

import java.util.Map;

/** One queue of {@code wharf.queues}: its name and the attributes it is declared with. */
public record QueueDeclaration(String name, Map<String, String> attributes) {
    public QueueDeclaration {
        attributes = Map.copyOf(attributes);
    }
}
