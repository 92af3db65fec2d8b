package org.wharfmq.jms.gateway;

import java.util.List;
import java.util.Map;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.AttributeChanges;

/**
 * Declares a queue on any backend through the model's operations: creates it, or sets only those
 * declared attributes whose current value differs. Every value is checked before anything changes,
 * and the changes go in one SetQueueAttributes, which a backend applies whole or not at all.
 */
final class Declarations {
    private Declarations() {
    }

    /** What a declaration did: the queue's URL, whether it was created, and the attributes it set. */
    record Outcome(String queueUrl, boolean created, Map<String, String> changed) {
    }

    /**
     * Declares queue {@code name} with {@code attributes}; with {@code mayChange} false an existing
     * queue whose attributes differ is left as it is and the declaration fails with AccessDenied.
     */
    static Outcome declare(QueueService service, String name, Map<String, String> attributes, boolean mayChange) {
        AttributeChanges.check(name, attributes);
        String url;
        try {
            url = service.getQueueUrl(name);
        } catch (QueueServiceException e) {
            if (!e.code().equals(ErrorCodes.QUEUE_DOES_NOT_EXIST)) {
                throw e;
            }
            try {
                return new Outcome(service.createQueue(name, attributes), true, attributes);
            } catch (QueueServiceException raced) {
                if (!raced.code().equals(ErrorCodes.QUEUE_ALREADY_EXISTS)) {
                    throw raced;
                }
                url = service.getQueueUrl(name);
            }
        }
        if (attributes.isEmpty()) {
            return new Outcome(url, false, Map.of());
        }
        Map<String, String> current = service.getQueueAttributes(url, List.of("All"));
        Map<String, String> changes = AttributeChanges.of(attributes, current, dlq -> service
                .getQueueAttributes(service.getQueueUrl(dlq), List.of("QueueArn")).get("QueueArn"));
        if (!changes.isEmpty()) {
            if (!mayChange) {
                throw new QueueServiceException(ErrorCodes.ACCESS_DENIED, "queue " + name + " exists with "
                        + describe(changes.keySet(), current) + ", not the declared " + changes
                        + ", and changing it needs the admin permission");
            }
            service.setQueueAttributes(url, changes);
        }
        return new Outcome(url, false, changes);
    }

    private static String describe(Iterable<String> names, Map<String, String> current) {
        StringBuilder sb = new StringBuilder("{");
        for (String n : names) {
            sb.append(sb.length() > 1 ? ", " : "").append(n).append('=').append(current.getOrDefault(n, "(none)"));
        }
        return sb.append('}').toString();
    }
}
