package org.wharfmq.ra;

import java.util.LinkedHashMap;
import java.util.Map;
import jakarta.resource.ResourceException;

/** Store queue attributes written as {@code Name=value;Name=value}, as config properties carry them. */
final class QueueAttributes {

    private QueueAttributes() {
    }

    static Map<String, String> parse(String text) throws ResourceException {
        Map<String, String> attributes = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return attributes;
        }
        for (String pair : text.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new ResourceException("queue attributes '" + text + "': '" + pair.trim()
                        + "' is not Name=value");
            }
            attributes.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return attributes;
    }
}
