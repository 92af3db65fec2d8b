package org.wharfmq.store.sqs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.wharfmq.store.Limits;
import org.wharfmq.store.model.QueueConfig;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ListQueuesResponse;

/**
 * The server's queues by its own names and URLs, without Wharf's rules: create, find, list, tags,
 * ARN and attributes, one request each; and what is cached per queue URL (whether a FIFO queue
 * has ContentBasedDeduplication, its MaximumMessageSize), which {@link #forget} drops when the queue
 * changes or goes.
 */
final class ServerQueues {
    private final SqsClient client;
    private final Map<String, Boolean> contentBasedDeduplication = new ConcurrentHashMap<>();
    private final Map<String, Integer> maximumMessageSize = new ConcurrentHashMap<>();
    private final Map<String, Integer> visibilityTimeout = new ConcurrentHashMap<>();

    ServerQueues(SqsClient client) {
        this.client = client;
    }

    /** The server's queue name in a queue URL (its last path segment). */
    static String name(String queueUrl) {
        return queueUrl.substring(queueUrl.lastIndexOf('/') + 1);
    }

    /** CreateQueue of a standard queue by its server name, with {@code attributes} and {@code tags}. */
    String create(String serverName, Map<String, String> attributes, Map<String, String> tags) {
        return SqsErrors.call("CreateQueue " + serverName, () -> client.createQueue(r -> r
                .queueName(serverName).attributesWithStrings(attributes.isEmpty() ? null : attributes)
                .tags(tags.isEmpty() ? null : tags)).queueUrl());
    }

    /** GetQueueUrl by the server's name. */
    String url(String serverName) {
        return SqsErrors.call("GetQueueUrl " + serverName,
                () -> client.getQueueUrl(r -> r.queueName(serverName)).queueUrl());
    }

    /** ListQueues by the server's name prefix, all pages, in the server's order. */
    List<String> list(String p) {
        List<String> urls = new ArrayList<>();
        String token = null;
        do {
            String next = token;
            ListQueuesResponse page = SqsErrors.call("ListQueues " + p, () -> client.listQueues(r -> {
                r.maxResults(1000).nextToken(next);
                if (!p.isEmpty()) {
                    r.queueNamePrefix(p);
                }
            }));
            urls.addAll(page.queueUrls());
            token = page.nextToken();
        } while (token != null);
        return urls;
    }

    /** ListQueueTags. */
    Map<String, String> tags(String queueUrl) {
        return SqsErrors.call("ListQueueTags " + queueUrl,
                () -> client.listQueueTags(r -> r.queueUrl(queueUrl)).tags());
    }

    /** GetQueueAttributes of the server's attributes {@code names}. */
    Map<String, String> attributes(String queueUrl, Collection<String> names) {
        return SqsErrors.call("GetQueueAttributes " + queueUrl, () -> client
                .getQueueAttributes(r -> r.queueUrl(queueUrl).attributeNamesWithStrings(names))
                .attributesAsStrings());
    }

    /** The server's ARN of a queue (GetQueueAttributes QueueArn). */
    String arn(String queueUrl) {
        return attributes(queueUrl, List.of("QueueArn")).get("QueueArn");
    }

    /** True if {@code queueUrl} is a FIFO queue with ContentBasedDeduplication; read once per queue. */
    boolean contentBasedDeduplication(String queueUrl) {
        return contentBasedDeduplication.computeIfAbsent(queueUrl, u -> Boolean.parseBoolean(
                attributes(u, List.of("ContentBasedDeduplication")).get("ContentBasedDeduplication")));
    }

    /**
     * A queue's MaximumMessageSize, read once per queue; a server that does not show it (ElasticMQ)
     * gets the SQS API's default, 256 KiB.
     */
    int maximumMessageSize(String queueUrl) {
        return maximumMessageSize.computeIfAbsent(queueUrl, u -> {
            String size = attributes(u, List.of(QueueConfig.MAXIMUM_MESSAGE_SIZE))
                    .get(QueueConfig.MAXIMUM_MESSAGE_SIZE);
            return size == null ? Limits.SQS.maxMessageBytes() : Integer.parseInt(size);
        });
    }

    /** A queue's VisibilityTimeout in seconds, read once per queue; 30, the SQS API's default, where the server does not show it. */
    int visibilityTimeout(String queueUrl) {
        return visibilityTimeout.computeIfAbsent(queueUrl, u -> {
            String seconds = attributes(u, List.of(QueueConfig.VISIBILITY_TIMEOUT)).get(QueueConfig.VISIBILITY_TIMEOUT);
            return seconds == null ? QueueConfig.DEFAULT_VISIBILITY_TIMEOUT : Integer.parseInt(seconds);
        });
    }

    /** Forgets what is cached of a queue whose attributes changed or that was deleted. */
    void forget(String queueUrl) {
        visibilityTimeout.remove(queueUrl);
        contentBasedDeduplication.remove(queueUrl);
        maximumMessageSize.remove(queueUrl);
    }
}
