package org.wharfmq.store.sqs;

import static org.wharfmq.store.ErrorCodes.INVALID_ATTRIBUTE_NAME;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The queue model on a server of the SQS API (Yandex Message Queue, Amazon SQS, ElasticMQ), one
 * request per operation. Queue URLs are the server's. Receives without a visibility timeout of
 * their own share a per-queue buffer of prefetched messages (see {@link Prefetch}); a consuming
 * receive's deletes go out in batches (see {@link Deletes}). Topics ({@link SqsTopics}) and local
 * transactions ({@link SqsTransaction}) are extensions; the messages they send carry Wharf's
 * MessageId in the attribute {@value ServerMessages#ID_ATTRIBUTE}, so one user attribute of SQS's 10 is kept
 * for it, and queue names starting with {@value SqsTopics#RESERVED} are the topics'. Statistics
 * count what this process did ({@link Counts}), beside the server's Approximate* counts. Wharf's
 * RedeliveryPolicy attribute, which a server refuses, is kept as a queue tag ({@link RedeliveryTag}).
 */
final class SqsQueueService implements QueueService, FilteredReceive, Transactions, QueueStatistics {
    /** What {@value ServerMessages#ID_ATTRIBUTE} with a UUID takes of a message's size: its name, type and value. */
    private static final int ID_ATTRIBUTE_BYTES = 64;
    private static final Limits LIMITS = new Limits(Limits.SQS.maxMessageAttributes() - 1,
            Limits.SQS.maxMessageBytes() - ID_ATTRIBUTE_BYTES, Limits.SQS.delayGranularityMillis(),
            Limits.SQS.maxDelayMillis());
    /** Wharf's attribute that SQS does not have: its deduplication window is fixed at 5 minutes. */
    private static final String DEDUPLICATION_WINDOW = "DeduplicationWindow";
    private static final String SQS_DEDUPLICATION_WINDOW = "300";

    private final SqsOptions options;
    private final SqsClient client;
    private final ServerQueues queues;
    private final ServerMessages messages;
    private final Prefetch prefetch;
    private final Deletes deletes;
    private final SqsTopics topics;
    private final SqsMessageMoves moves;
    private final Counts counts = new Counts();

    SqsQueueService(SqsOptions options, Clock clock) {
        this.options = options;
        this.client = SqsClient.builder()
                .endpointOverride(options.endpoint())
                .region(Region.of(options.region()))
                .credentialsProvider(credentials(options))
                .httpClientBuilder(Apache5HttpClient.builder().maxConnections(64)
                        .socketTimeout(Duration.ofSeconds(30)))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(5).build()))
                .build();
        this.queues = new ServerQueues(client);
        this.messages = new ServerMessages(client, counts);
        this.deletes = new Deletes(messages);
        this.prefetch = new Prefetch(queues, messages);
        this.topics = new SqsTopics(this, queues, messages);
        this.moves = new SqsMessageMoves(client, queues);
    }

    private static AwsCredentialsProvider credentials(SqsOptions o) {
        if (o.accessKeyId() != null) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(o.accessKeyId(), o.secretAccessKey()));
        }
        if (o.profile() != null) {
            return ProfileCredentialsProvider.create(o.profile());
        }
        return DefaultCredentialsProvider.builder().build();
    }

    SqsOptions options() {
        return options;
    }

    // ---- queues ----

    @Override
    public String createQueue(String queueName, Map<String, String> attributes) {
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
        String url = SqsErrors.call("CreateQueue " + queueName, () -> client.createQueue(r -> r
                .queueName(options.serverName(queueName)).attributesWithStrings(a).tags(tags)).queueUrl());
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

    @Override
    public void deleteQueue(String queueUrl) {
        prefetch.forget(queueUrl);
        queues.forget(queueUrl);
        SqsErrors.call("DeleteQueue " + queueUrl, () -> client.deleteQueue(r -> r.queueUrl(queueUrl)));
        counts.forget(queueUrl);
    }

    @Override
    public String getQueueUrl(String queueName) {
        Names.checkQueueName(queueName);
        return SqsErrors.call("GetQueueUrl " + queueName,
                () -> client.getQueueUrl(r -> r.queueName(options.serverName(queueName))).queueUrl());
    }

    @Override
    public List<String> listQueues(String prefix) {
        String reserved = options.serverName(SqsTopics.RESERVED);
        List<String> urls = new ArrayList<>(queues.list(options.serverName(prefix == null ? "" : prefix)));
        urls.removeIf(u -> ServerQueues.name(u).startsWith(reserved));
        urls.sort((x, y) -> ServerQueues.name(x).compareTo(ServerQueues.name(y)));
        return urls;
    }

    @Override
    public String queueName(String queueUrl) {
        return wharfName(queueUrl);
    }

    /** Wharf's queue name of a server URL, without the store's prefix. */
    String wharfName(String queueUrl) {
        return ServerQueues.name(queueUrl).substring(options.prefix().length());
    }

    @Override
    public void purgeQueue(String queueUrl) {
        prefetch.forget(queueUrl);
        SqsErrors.call("PurgeQueue " + queueUrl, () -> client.purgeQueue(r -> r.queueUrl(queueUrl)));
    }

    @Override
    public Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
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

    @Override
    public void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
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

    // ---- messages ----

    @Override
    public SendResult sendMessage(SendMessageRequest m) {
        return messages.sendMessage(m);
    }

    @Override
    public BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> entries) {
        return messages.sendMessageBatch(queueUrl, entries);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request) {
        List<ReceivedMessage> held = prefetch.takeHeld(request);
        return counted(request, held.isEmpty() ? messages.receiveMessage(request) : held);
    }

    private List<ReceivedMessage> counted(ReceiveMessageRequest request, List<ReceivedMessage> got) {
        counts.received(request.queueUrl(), got.size());
        return got;
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        messages.deleteMessage(queueUrl, receiptHandle);
    }

    @Override
    public BatchResult<String> deleteMessageBatch(String queueUrl, List<BatchEntry<String>> entries) {
        return messages.deleteMessageBatch(queueUrl, entries);
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        messages.changeMessageVisibility(queueUrl, receiptHandle, visibilityTimeoutSeconds);
    }

    @Override
    public BatchResult<String> changeMessageVisibilityBatch(String queueUrl,
                                                            List<BatchEntry<VisibilityChange>> entries) {
        return messages.changeMessageVisibilityBatch(queueUrl, entries);
    }

    /**
     * The server's Approximate* counts, and what this process counted; the age of the oldest message,
     * deduplicated sends and moves to a dead-letter queue are not in the SQS API: UNKNOWN.
     */
    @Override
    public QueueStatistics.Snapshot statistics(String queueUrl) {
        return counts.snapshot(queueUrl, getQueueAttributes(queueUrl, Counts.ATTRIBUTES));
    }

    // ---- FilteredReceive ----

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageView> filter, BooleanSupplier cancelled) {
        return counted(request, prefetch.receive(request, waitMillis, filter, cancelled));
    }

    @Override
    public List<ReceivedMessage> consumeMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageView> filter, BooleanSupplier cancelled) {
        List<ReceivedMessage> got = counted(request,
                prefetch.receive(request.withAttemptId(null), waitMillis, filter, cancelled));
        for (ReceivedMessage m : got) {
            if (Names.isFifo(ServerQueues.name(request.queueUrl()))) {
                // The server holds the group back until this delete: the next receive waits for it anyway.
                deleteMessage(request.queueUrl(), m.receiptHandle());
            } else {
                deletes.add(request.queueUrl(), m.receiptHandle());
            }
        }
        return got;
    }

    @Override
    public void wakeUp(String queueUrl) {
        prefetch.wakeUp(queueUrl);
    }

    // ---- Topics and Transactions ----

    @Override
    public StoreTransaction begin() {
        return new SqsTransaction(queues, messages, topics);
    }

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        if (type == Topics.class) {
            return Optional.of(type.cast(topics));
        }
        if (type == MessageMoves.class) {
            return Optional.of(type.cast(moves));
        }
        return QueueService.super.extension(type);
    }

    @Override
    public Limits limits() {
        return LIMITS;
    }

    @Override
    public void close() {
        topics.close();
        prefetch.close();
        deletes.close();
        client.close();
    }

    @Override
    public String toString() {
        return "SqsQueueService[" + options + "]";
    }
}
