package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_ATTRIBUTE_NAME;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Queue administration on the server, with Wharf's rules: names under the store's prefix, the
 * topics' reserved names refused and hidden, a dead-letter target by name sent as the server's
 * ARN, DeduplicationWindow fixed at SQS's 300 s, Wharf's RedeliveryPolicy kept as a queue tag
 * ({@link RedeliveryTag}), MaximumMessageSize 1 MiB on Amazon SQS unless given
 * ({@link MessageSizes#creationDefaults}); and statistics. A queue that is deleted, purged or changed is forgotten
 * by {@link Prefetch} and {@link ServerQueues}, and a deleted one by {@link Counts}.
 */
final class SqsQueueAdmin {
    /** Wharf's attribute that SQS does not have: its deduplication window is fixed at 5 minutes. */
    private static final String DEDUPLICATION_WINDOW = "DeduplicationWindow";
    private static final String SQS_DEDUPLICATION_WINDOW = "300";

    private final SqsClient client;
    private final SqsOptions options;
    private final ServerQueues queues;
    private final Prefetch prefetch;
    private final Counts counts;

    SqsQueueAdmin(SqsClient client, SqsOptions options, ServerQueues queues, Prefetch prefetch, Counts counts) {
        this.client = client;
        this.options = options;
        this.queues = queues;
        this.prefetch = prefetch;
        this.counts = counts;
    }

    String createQueue(String queueName, Map<String, String> attributes) {
        boolean fifo = Names.checkQueueName(queueName);
        if (queueName.startsWith(SqsTopics.RESERVED)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue name '" + queueName + "' starts with '"
                    + SqsTopics.RESERVED + "', which the SQS backend keeps for the queues of topics");
        }
        Map<String, String> given = new LinkedHashMap<>(attributes == null ? Map.of() : attributes);
        String redelivery = RedeliveryTag.take(given);
        Map<String, String> a = serverAttributes(given);
        if (fifo) {
            a.putIfAbsent("FifoQueue", "true");
        }
        Map<String, String> tags = redelivery == null || redelivery.isEmpty() ? null
                : Map.of(RedeliveryTag.KEY, redelivery);
        Map<String, String> withDefaults = new LinkedHashMap<>(a);
        MessageSizes.creationDefaults(options.endpoint()).forEach(withDefaults::putIfAbsent);
        String url;
        try {
            url = create(queueName, withDefaults, tags);
        } catch (QueueServiceException e) {
            if (!e.code().equals(QUEUE_ALREADY_EXISTS) || withDefaults.equals(a)) {
                throw e;
            }
            // An existing queue made without the default (before it, or by others) is still the same queue.
            url = create(queueName, a, tags);
        }
        if (redelivery != null) {
            // The server returns an existing queue whatever its tags: compare as it compares attributes.
            String existing = queues.tags(url).get(RedeliveryTag.KEY);
            if (!redelivery.equals(existing == null ? "" : existing)) {
                throw new QueueServiceException(QUEUE_ALREADY_EXISTS, "queue " + queueName
                        + " exists with a different " + QueueConfig.REDELIVERY_POLICY);
            }
        }
        return url;
    }

    private String create(String queueName, Map<String, String> attributes, Map<String, String> tags) {
        return SqsErrors.call("CreateQueue " + queueName, () -> client.createQueue(r -> r
                .queueName(options.serverName(queueName)).attributesWithStrings(attributes).tags(tags)).queueUrl());
    }

    /** Wharf's attributes as the server's: a dead-letter target by name becomes the server's ARN. */
    private Map<String, String> serverAttributes(Map<String, String> attributes) {
        Map<String, String> a = new LinkedHashMap<>(attributes);
        String window = a.remove(DEDUPLICATION_WINDOW);
        if (window != null && !window.equals(SQS_DEDUPLICATION_WINDOW)) {
            throw new QueueServiceException(INVALID_ATTRIBUTE_NAME, "DeduplicationWindow " + window
                    + " is not possible on SQS, whose deduplication window is fixed at 300 s");
        }
        String policy = a.get("RedrivePolicy");
        if (policy != null && !policy.isEmpty()) {
            a.put("RedrivePolicy", Redrive.toServer(policy, name -> queues.arn(getQueueUrl(name))));
        }
        return a;
    }

    void deleteQueue(String queueUrl) {
        prefetch.forget(queueUrl);
        queues.forget(queueUrl);
        SqsErrors.call("DeleteQueue " + queueUrl, () -> client.deleteQueue(r -> r.queueUrl(queueUrl)));
        counts.forget(queueUrl);
    }

    String getQueueUrl(String queueName) {
        Names.checkQueueName(queueName);
        return SqsErrors.call("GetQueueUrl " + queueName,
                () -> client.getQueueUrl(r -> r.queueName(options.serverName(queueName))).queueUrl());
    }

    List<String> listQueues(String prefix) {
        String reserved = options.serverName(SqsTopics.RESERVED);
        List<String> urls = new ArrayList<>(queues.list(options.serverName(prefix == null ? "" : prefix)));
        urls.removeIf(u -> ServerQueues.name(u).startsWith(reserved));
        urls.sort((x, y) -> ServerQueues.name(x).compareTo(ServerQueues.name(y)));
        return urls;
    }

    /** Wharf's queue name of a server URL, without the store's prefix. */
    String queueName(String queueUrl) {
        return ServerQueues.name(queueUrl).substring(options.prefix().length());
    }

    void purgeQueue(String queueUrl) {
        prefetch.forget(queueUrl);
        SqsErrors.call("PurgeQueue " + queueUrl, () -> client.purgeQueue(r -> r.queueUrl(queueUrl)));
    }

    Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
        boolean all = names.contains("All");
        boolean window = all || names.contains(DEDUPLICATION_WINDOW);
        boolean redelivery = all || names.contains(QueueConfig.REDELIVERY_POLICY);
        List<String> asked = names.stream()
                .filter(n -> !n.equals(DEDUPLICATION_WINDOW) && !n.equals(QueueConfig.REDELIVERY_POLICY)).toList();
        Map<String, String> got = asked.isEmpty() ? new LinkedHashMap<>()
                : new LinkedHashMap<>(queues.attributes(queueUrl, asked));
        if (window && Names.isFifo(ServerQueues.name(queueUrl))) {
            got.put(DEDUPLICATION_WINDOW, SQS_DEDUPLICATION_WINDOW);
        }
        if (redelivery) {
            String tag = queues.tags(queueUrl).get(RedeliveryTag.KEY);
            if (tag != null) {
                got.put(QueueConfig.REDELIVERY_POLICY, RedeliveryTag.toAttribute(tag));
            }
        }
        return got;
    }

    void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
        Map<String, String> given = new LinkedHashMap<>(attributes);
        String redelivery = RedeliveryTag.take(given);
        Map<String, String> a = serverAttributes(given);
        if (!a.isEmpty()) {
            SqsErrors.call("SetQueueAttributes " + queueUrl,
                    () -> client.setQueueAttributes(r -> r.queueUrl(queueUrl).attributesWithStrings(a)));
            prefetch.forget(queueUrl);
            queues.forget(queueUrl);
        }
        if (redelivery != null && redelivery.isEmpty()) {
            SqsErrors.call("UntagQueue " + queueUrl,
                    () -> client.untagQueue(r -> r.queueUrl(queueUrl).tagKeys(RedeliveryTag.KEY)));
        } else if (redelivery != null) {
            SqsErrors.call("TagQueue " + queueUrl, () -> client.tagQueue(r -> r.queueUrl(queueUrl)
                    .tags(Map.of(RedeliveryTag.KEY, redelivery))));
        }
    }

    /**
     * The server's Approximate* counts, and what this process counted; the age of the oldest message,
     * deduplicated sends and moves to a dead-letter queue are not in the SQS API: UNKNOWN.
     */
    QueueStatistics.Snapshot statistics(String queueUrl) {
        return counts.snapshot(queueUrl, getQueueAttributes(queueUrl, Counts.ATTRIBUTES));
    }
}
