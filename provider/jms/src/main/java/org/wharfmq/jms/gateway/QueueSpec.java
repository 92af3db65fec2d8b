package org.wharfmq.jms.gateway;

import java.util.Map;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.RedrivePolicy;

/**
 * A queue as a destination declares it: its name, the attributes its first use creates it with,
 * and the declaration of its dead-letter queue when that is declared beside it (through JNDI), so
 * that the first use may create that one too. A temporary queue is never created by a use: only
 * its connection creates it, and once deleted it stays so.
 */
public record QueueSpec(String name, Map<String, String> attributes, QueueSpec deadLetter, boolean temporary) {
    public QueueSpec {
        attributes = Map.copyOf(attributes);
    }

    /** A queue that its first use creates. */
    public QueueSpec(String name, Map<String, String> attributes, QueueSpec deadLetter) {
        this(name, attributes, deadLetter, false);
    }

    /** A temporary queue, which exists until its connection deletes it. */
    public static QueueSpec temporary(String name) {
        return new QueueSpec(name, Map.of(), null, true);
    }

    /**
     * The name of the dead-letter queue the RedrivePolicy in {@code attributes} names (by name or
     * ARN), or null; see {@link RedrivePolicy#deadLetterNameOf}.
     */
    public static String deadLetterName(Map<String, String> attributes) {
        return RedrivePolicy.deadLetterNameOf(attributes.get(QueueConfig.REDRIVE_POLICY));
    }

    /** A queue with default attributes. */
    public static QueueSpec named(String name) {
        return new QueueSpec(name, Map.of(), null);
    }
}
