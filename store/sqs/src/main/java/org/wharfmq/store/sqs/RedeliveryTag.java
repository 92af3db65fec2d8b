package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.util.LinkedHashMap;
import java.util.Map;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.RedeliveryPolicy;

/**
 * Wharf's RedeliveryPolicy on an SQS server, which refuses attributes it does not know: kept as
 * the queue tag {@value #KEY}, its value in the characters a tag allows
 * ({@code initialDelaySeconds=1 multiplier=2 maxDelaySeconds=300}), and shown by
 * GetQueueAttributes as the attribute's JSON.
 */
final class RedeliveryTag {
    static final String KEY = "wharf-redelivery-policy";

    private RedeliveryTag() {
    }

    /** The tag value of a RedeliveryPolicy attribute; null for a blank one (no policy). Fails naming a bad value. */
    static String of(String attribute) {
        RedeliveryPolicy p = RedeliveryPolicy.parse(attribute);
        if (p == null) {
            return null;
        }
        String json = p.toJson();
        return json.substring(1, json.length() - 1).replace("\"", "").replace(':', '=').replace(',', ' ');
    }

    /** The attribute's JSON of a tag value. */
    static String toAttribute(String tag) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : tag.trim().split(" +")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue tag " + KEY + " '" + tag
                        + "' is not of the form initialDelaySeconds=1 multiplier=2 maxDelaySeconds=300");
            }
            fields.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        StringBuilder json = new StringBuilder("{");
        fields.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":\"")
                .append(v).append('"'));
        return RedeliveryPolicy.parse(json.append('}').toString()).toJson();
    }

    /** Takes the RedeliveryPolicy out of {@code attributes}: its tag value, "" to remove it, null if not given. */
    static String take(Map<String, String> attributes) {
        String attribute = attributes.remove(QueueConfig.REDELIVERY_POLICY);
        if (attribute == null) {
            return null;
        }
        String tag = of(attribute);
        return tag == null ? "" : tag;
    }
}
