package org.wharfmq.jms.gateway;

import java.util.List;
import java.util.Optional;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.QueueConfig;
import org.wharfmq.store.model.RedeliveryPolicy;

/**
 * How long a message given back for redelivery stays invisible: the consumer's own
 * {@link RedeliveryPolicy}, else its queue's RedeliveryPolicy attribute, else none (visible again at
 * once). A queue's attribute is read on its first redelivery and kept for 10 s, or until this
 * gateway changes or deletes that queue ({@link QueueAttributeCache}).
 */
final class Redeliveries {
    private final QueueService service;
    private final QueueAttributeCache<Optional<RedeliveryPolicy>> byQueue = new QueueAttributeCache<>();

    Redeliveries(QueueService service) {
        this.service = service;
    }

    /** The delay in seconds before {@code d}, given back now, is visible again. */
    int delaySeconds(Delivery d, RedeliveryPolicy own) {
        RedeliveryPolicy r = own != null ? own : ofQueue(d.queueUrl()).orElse(null);
        return r == null ? 0 : r.delaySeconds(d.receiveCount());
    }

    private Optional<RedeliveryPolicy> ofQueue(String queueUrl) {
        Optional<RedeliveryPolicy> known = byQueue.get(queueUrl, this::read);
        return known == null ? Optional.empty() : known;
    }

    /** The queue's policy, or null when it could not be read now. */
    private Optional<RedeliveryPolicy> read(String queueUrl) {
        Optional<RedeliveryPolicy> known;
        try {
            String json = service.getQueueAttributes(queueUrl, List.of(QueueConfig.REDELIVERY_POLICY))
                    .get(QueueConfig.REDELIVERY_POLICY);
            known = Optional.ofNullable(json == null ? null : RedeliveryPolicy.parse(json));
        } catch (QueueServiceException e) {
            if (!e.code().equals(ErrorCodes.INVALID_ATTRIBUTE_NAME)) {
                // Perhaps passing: read it again at the next redelivery.
                return null;
            }
            // A backend without Wharf's attribute.
            known = Optional.empty();
        }
        return known;
    }

    /** Reads the queue's attribute again at its next redelivery. */
    void forget(String queueUrl) {
        byQueue.forget(queueUrl);
    }
}
