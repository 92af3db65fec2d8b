package org.wharfmq.store.sqs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.FairQueues;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageHeaders;
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
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The queue model on a server of the SQS API (Yandex Message Queue, Amazon SQS, ElasticMQ), one
 * request per operation. Queue URLs are the server's. This facade builds the parts and delegates:
 * queue administration and statistics to {@link SqsQueueAdmin}, the server's requests to
 * {@link ServerQueues} and {@link ServerMessages}. Receives without a visibility timeout of
 * their own share a per-queue buffer of prefetched messages (see {@link Prefetch}); a consuming
 * receive's deletes go out in batches (see {@link Deletes}). Topics ({@link SqsTopics}) and local
 * transactions ({@link SqsTransaction}) are extensions. Their messages, and plain sends to standard
 * queues, carry Wharf's MessageId ({@link MessageIds}) in the attribute
 * {@value ServerMessages#ID_ATTRIBUTE}, so one user attribute of SQS's 10 is kept for it. Queue
 * names starting with {@value SqsTopics#RESERVED} are the topics'.
 * Statistics count what this process did ({@link Counts}), beside the server's Approximate*
 * counts. Wharf's RedeliveryPolicy attribute, which a server refuses, is kept as a queue tag
 * ({@link RedeliveryTag}). A standard queue takes a MessageGroupId ({@link FairQueues}).
 */
final class SqsQueueService implements QueueService, FilteredReceive, Transactions, QueueStatistics, FairQueues {
    /** What {@value ServerMessages#ID_ATTRIBUTE} with a UUID takes of a message's size: name, type and value. */
    private static final int ID_ATTRIBUTE_BYTES = 64;
    /** As Amazon SQS's, the most any queue allows; a message over its own queue's limit fails at the send. */
    private static final Limits LIMITS = new Limits(Limits.AMAZON_SQS.maxMessageAttributes() - 1,
            Limits.AMAZON_SQS.maxMessageBytes() - ID_ATTRIBUTE_BYTES, Limits.AMAZON_SQS.delayGranularityMillis(),
            Limits.AMAZON_SQS.maxDelayMillis());
    /**
     * With a bucket: one attribute fewer, for the Extended Client's size attribute, and bodies up to
     * the 2 GiB the Extended Client allows (the String a body is).
     */
    private static final Limits LIMITS_WITH_BUCKET = new Limits(LIMITS.maxMessageAttributes() - 1,
            Integer.MAX_VALUE - 8, LIMITS.delayGranularityMillis(), LIMITS.maxDelayMillis());

    /** A long poll lasts at most 20 s; its request, a little longer. */
    private static final long POLL_CLOSE_MILLIS = 25_000;

    private final SqsOptions options;
    private final SqsClient client;
    private final ServerQueues queues;
    private final ServerMessages messages;
    private final S3Client s3;
    private final Prefetch prefetch;
    private final Deletes deletes;
    private final SqsQueueAdmin admin;
    private final SqsTopics topics;
    private final SqsMessageMoves moves;
    private final Counts counts = new Counts();

    SqsQueueService(SqsOptions options, Clock clock) {
        this.options = options;
        this.client = SqsClients.open(options);
        this.queues = new ServerQueues(client);
        this.s3 = options.bucket() == null ? null : SqsClients.openS3(options);
        this.messages = new ServerMessages(client, queues, counts, options.pace() ? RequestPacer.YMQ : RequestPacer.OFF,
                s3 == null ? LargePayloads.NONE : new LargePayloads(options.bucket(), s3));
        this.deletes = new Deletes(messages);
        this.prefetch = new Prefetch(queues, messages, deletes);
        this.admin = new SqsQueueAdmin(client, options, queues, prefetch, counts);
        this.topics = new SqsTopics(options, queues, admin, messages);
        this.moves = new SqsMessageMoves(client, queues, options.serverName(""));
    }

    // ---- queues ----

    @Override
    public String createQueue(String queueName, Map<String, String> attributes) {
        return admin.createQueue(queueName, attributes);
    }

    @Override
    public void deleteQueue(String queueUrl) {
        admin.deleteQueue(queueUrl);
    }

    @Override
    public String getQueueUrl(String queueName) {
        return admin.getQueueUrl(queueName);
    }

    @Override
    public List<String> listQueues(String prefix) {
        return admin.listQueues(prefix);
    }

    @Override
    public String queueName(String queueUrl) {
        return admin.queueName(queueUrl);
    }

    @Override
    public void purgeQueue(String queueUrl) {
        admin.purgeQueue(queueUrl);
    }

    @Override
    public Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
        return admin.getQueueAttributes(queueUrl, names);
    }

    @Override
    public void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
        admin.setQueueAttributes(queueUrl, attributes);
    }

    @Override
    public QueueStatistics.Snapshot statistics(String queueUrl) {
        return admin.statistics(queueUrl);
    }

    // ---- messages ----

    // A send to a standard queue gets Wharf's MessageId too, so that a receive can put a
    // millisecond's messages in send order. A FIFO queue keeps the order itself, and answers a
    // deduplicated send with the MessageId of the message it duplicates.

    @Override
    public SendResult sendMessage(SendMessageRequest m) {
        if (Names.isFifo(ServerQueues.name(m.queueUrl()))) {
            return messages.sendMessage(m);
        }
        String id = MessageIds.next();
        SendResult sent = messages.sendMessage(m.withAttributes(MessageIds.stamped(m.messageAttributes(), id)));
        return new SendResult(sent.id(), id, sent.md5OfMessageBody(), sent.sequenceNumber());
    }

    @Override
    public BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> entries) {
        if (Names.isFifo(ServerQueues.name(queueUrl))) {
            return messages.sendMessageBatch(queueUrl, entries);
        }
        Map<String, String> ids = new HashMap<>();
        List<SendBatchEntry> stamped = new ArrayList<>(entries.size());
        for (SendBatchEntry e : entries) {
            String id = MessageIds.next();
            ids.put(e.id(), id);
            stamped.add(new SendBatchEntry(e.id(), e.messageBody(), e.delaySeconds(),
                    MessageIds.stamped(e.messageAttributes(), id), e.messageGroupId(), e.messageDeduplicationId()));
        }
        BatchResult<SendResult> sent = messages.sendMessageBatch(queueUrl, stamped);
        List<SendResult> ok = sent.successful().stream().map(r -> new SendResult(r.id(), ids.get(r.id()),
                r.md5OfMessageBody(), r.sequenceNumber())).toList();
        return new BatchResult<>(ok, sent.failed());
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request) {
        List<ReceivedMessage> held = prefetch.takeHeld(request);
        return counted(request, held.isEmpty() ? receiveUnlessThrottled(request) : held);
    }

    /** One ReceiveMessage; nothing if the server still throttles it after the client's retries. */
    private List<ReceivedMessage> receiveUnlessThrottled(ReceiveMessageRequest request) {
        try {
            return messages.receiveMessage(request);
        } catch (QueueServiceException e) {
            if (SqsErrors.throttled(e)) {
                return List.of();
            }
            throw e;
        }
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

    // ---- FilteredReceive ----

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return counted(request, prefetch.receive(request, waitMillis, filter, cancelled, false));
    }

    @Override
    public List<ReceivedMessage> consumeMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        List<ReceivedMessage> got = counted(request,
                prefetch.receive(request.withAttemptId(null), waitMillis, filter, cancelled, true));
        boolean fifo = Names.isFifo(ServerQueues.name(request.queueUrl()));
        for (ReceivedMessage m : got) {
            if (fifo) {
                deletes.addFifo(request.queueUrl(), m.receiptHandle());
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
        if (type == FairQueues.class) {
            return Optional.of(type.cast(this));
        }
        return QueueService.super.extension(type);
    }

    @Override
    public Limits limits() {
        return options.bucket() == null ? LIMITS : LIMITS_WITH_BUCKET;
    }

    @Override
    public void close() {
        topics.close();
        moves.close();
        prefetch.close();
        deletes.close();
        if (prefetch.awaitPolls(0)) {
            closeClients();
            return;
        }
        // A long poll still open may yet bring messages, which go back to the server over this client.
        Thread closing = new Thread(() -> {
            prefetch.awaitPolls(POLL_CLOSE_MILLIS);
            closeClients();
        }, "wharf-sqs-closing");
        closing.setDaemon(true);
        closing.start();
    }

    private void closeClients() {
        client.close();
        if (s3 != null) {
            s3.close();
        }
    }

    @Override
    public String toString() {
        return "SqsQueueService[" + options + "]";
    }
}
