package org.wharfmq.jms.gateway;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A queue as a destination declares it: its name, the attributes its first use creates it with,
 * and the declaration of its dead-letter queue when that is declared beside it (through JNDI), so
 * that the first use may create that one too.
 */
public record QueueSpec(String name, Map<String, String> attributes, QueueSpec deadLetter) {
    public QueueSpec {
        attributes = Map.copyOf(attributes);
    }

    private static final Pattern DEAD_LETTER =
            Pattern.compile("\"deadLetterTargetArn\"\\s*:\\s*\"(?:[^\"]*:)?([^\":]+)\"");

    /** The name of the dead-letter queue the RedrivePolicy in {@code attributes} names, or null. */
    public static String deadLetterName(Map<String, String> attributes) {
        String policy = attributes.get("RedrivePolicy");
        if (policy == null) {
            return null;
        }
        Matcher m = DEAD_LETTER.matcher(policy);
        return m.find() ? m.group(1) : null;
    }

    /** A queue with default attributes. */
    public static QueueSpec named(String name) {
        return new QueueSpec(name, Map.of(), null);
    }
}
