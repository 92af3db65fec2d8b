package org.wharfmq.store.sqs.contract;

import static org.wharfmq.store.contract.Rules.*;

import java.util.Map;
import java.util.Set;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.sqs.testing.SqsTestServer;

/**
 * The SQS backend as the contract suite runs it: stores on the run's shared ElasticMQ, each with its
 * own queue prefix, and the rules that SQS, or ElasticMQ where it departs from SQS, keeps otherwise.
 */
public final class SqsBackends {
    private static final String API = "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/";
    private static final String GUIDE = "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/";

    /** Each rule the backend keeps differently, with the reason and the SQS documentation it follows. */
    static final Map<String, String> DIFFERENCES = Map.ofEntries(
            Map.entry(SERVER_CLOCK, "the server keeps time by its own clock, which the store's clock cannot move:"
                    + " visibility, delays, retention and the 60 s and 5 min windows run in real time: "
                    + GUIDE + "sqs-visibility-timeout.html"),
            Map.entry(STALE_RECEIPT_HANDLE, "SQS DeleteMessage accepts a stale receipt handle while the message is"
                    + " in flight (the request succeeds and deletes nothing): " + API + "API_DeleteMessage.html"),
            Map.entry(ERROR_MESSAGE_NAMES_VALUE, "ElasticMQ's messages do not always name the offending value"
                    + " ('The attribute value for MaxNumberOfMessages is invalid.'), as SQS's do: "
                    + API + "CommonErrors.html"),
            Map.entry(IN_FLIGHT_LIMITS, "ElasticMQ has no in-flight limit; SQS allows about 120,000 in flight in"
                    + " a standard queue (then OverLimit) and 120,000 in a FIFO queue (then no error, but receives"
                    + " may return fewer messages; YMQ: 20,000): " + GUIDE + "quotas-fifo.html"),
            Map.entry(MISSING_BODY, "ElasticMQ answers a SendMessage without MessageBody with HTTP 500, where SQS"
                    + " answers MissingParameter: " + API + "API_SendMessage.html"),
            Map.entry(FORBIDDEN_CHARACTER_CODE, "ElasticMQ reports a forbidden character with the code"
                    + " InvalidAttributeValue (message 'InvalidMessageContents'), where SQS uses the code"
                    + " InvalidMessageContents: " + API + "API_SendMessage.html"),
            Map.entry(MAXIMUM_MESSAGE_SIZE, "ElasticMQ ignores a queue's MaximumMessageSize and does not show it,"
                    + " so the backend holds its queues to the SQS default, 256 KiB; and the backend sends a batch"
                    + " over the limit as several requests rather than failing it with BatchRequestTooLong: "
                    + API + "API_SendMessageBatch.html"),
            Map.entry(MESSAGE_ATTRIBUTE_NAMES, "ElasticMQ accepts attribute names that SQS rejects (a leading,"
                    + " trailing or doubled period, an AWS. or Amazon. prefix, a space): "
                    + GUIDE + "sqs-message-metadata.html"),
            Map.entry(FIFO_FIELDS_ON_STANDARD_QUEUES, "SQS accepts a MessageGroupId on a standard queue, where it"
                    + " names a tenant for fair queues, and the backend passes it on (FairQueues): "
                    + GUIDE + "sqs-fair-queues.html"),
            Map.entry(DEDUPLICATION_WINDOW, "SQS's deduplication interval is fixed at 5 minutes; the backend"
                    + " rejects any other DeduplicationWindow with InvalidAttributeName: "
                    + GUIDE + "using-messagededuplicationid-property.html"),
            Map.entry(DEDUPLICATION_SCOPE, "ElasticMQ accepts any DeduplicationScope and deduplicates per queue"
                    + " with messageGroup too, where SQS keys by message group: " + GUIDE + "high-throughput-fifo.html"),
            Map.entry(EMPTY_BATCH, "ElasticMQ accepts a batch without entries, which SQS refuses with"
                    + " EmptyBatchRequest: " + API + "API_SendMessageBatch.html"),
            Map.entry(BATCH_ENTRY_IDS, "ElasticMQ accepts batch entry ids that SQS refuses with InvalidBatchEntryId"
                    + " (other characters than A-Za-z0-9_-, over 80 characters): " + API + "API_SendMessageBatch.html"),
            Map.entry(BATCH_SEQUENCE_NUMBERS, "ElasticMQ leaves SequenceNumber out of SendMessageBatch's entries"
                    + " for a FIFO queue, which SQS returns: " + API + "API_SendMessageBatchResultEntry.html"),
            Map.entry(RECEIVE_ATTEMPT_ID, "ElasticMQ answers a repeated ReceiveRequestAttemptId with the same"
                    + " messages under new receipt handles and a higher receive count, where SQS returns the same"
                    + " receipt handles: " + API + "API_ReceiveMessage.html"),
            Map.entry(QUEUE_NAME_LENGTH, "SQS limits a queue name to 80 characters and the store's prefix (15 in"
                    + " these tests) counts in them: " + API + "API_CreateQueue.html"),
            Map.entry(FIFO_ATTRIBUTE_ON_STANDARD_NAME, "ElasticMQ refuses FifoQueue=true on a name without .fifo"
                    + " with InvalidAttributeName, where SQS answers InvalidParameterValue: "
                    + API + "API_CreateQueue.html"),
            Map.entry(UNKNOWN_QUEUE_ATTRIBUTES, "ElasticMQ accepts unknown and read-only attributes in"
                    + " SetQueueAttributes and GetQueueAttributes, which SQS refuses with InvalidAttributeName: "
                    + API + "API_SetQueueAttributes.html"),
            Map.entry(FIFO_ONLY_ATTRIBUTES, "ElasticMQ accepts ContentBasedDeduplication and DeduplicationScope on a"
                    + " standard queue, which SQS refuses: " + API + "API_CreateQueue.html"),
            Map.entry(QUEUE_ATTRIBUTES_SHOWN, "ElasticMQ's GetQueueAttributes All leaves out MessageRetentionPeriod,"
                    + " MaximumMessageSize and DeduplicationScope, which SQS returns: "
                    + API + "API_GetQueueAttributes.html"),
            Map.entry(QUEUE_ARN, "a queue's ARN is the server's, arn:aws:sqs:<region>:<account>:<name>: "
                    + API + "API_GetQueueAttributes.html"),
            Map.entry(ATTRIBUTE_BOUNDS, "ElasticMQ does not check the ranges of queue attributes, which SQS"
                    + " refuses with InvalidAttributeValue: " + API + "API_SetQueueAttributes.html"),
            Map.entry(SEND_MESSAGE_LIMITS, "the backend keeps one of SendMessage's 10 message attributes, and 64"
                    + " bytes of the size, for Wharf's MessageId of messages sent in a transaction or published: "
                    + API + "API_SendMessage.html"),
            Map.entry(AGE_OF_OLDEST_MESSAGE, "ApproximateAgeOfOldestMessage is a CloudWatch metric, not a queue"
                    + " attribute of the SQS API, so the backend reports it as UNKNOWN: "
                    + API + "API_GetQueueAttributes.html"),
            Map.entry(STORE_DECIDED_COUNTS, "the server deduplicates sends and moves messages to a dead-letter"
                    + " queue without telling the client (a duplicate's SendMessage answers like the original's),"
                    + " so the backend reports those counts as UNKNOWN: " + GUIDE + "sqs-dead-letter-queues.html"),
            Map.entry(DEAD_LETTER_QUEUE_TYPE, "ElasticMQ accepts a dead-letter queue of the other type (FIFO for a"
                    + " standard queue), which SQS refuses: " + GUIDE + "sqs-dead-letter-queues.html"),
            Map.entry(STANDARD_QUEUE_ORDER, "SQS's standard queues keep send order only at best, and ElasticMQ's"
                    + " redrive to a dead-letter queue does not keep it: " + GUIDE + "standard-queues.html"),
            Map.entry(MOVE_TASK_COUNTS, "ElasticMQ's ListMessageMoveTasks shows ApproximateNumberOfMessagesToMove"
                    + " 0 for a finished task, where SQS keeps the number it took at the start: "
                    + API + "API_ListMessageMoveTasksResultEntry.html"),
            Map.entry(FIFO_MOVE_TASKS, "ElasticMQ's message move task on a FIFO dead-letter queue completes"
                    + " having moved nothing, and its redrive gives a FIFO message its MessageId as deduplication"
                    + " id; SQS moves FIFO messages back: " + GUIDE + "sqs-configure-dead-letter-queue-redrive.html"),
            Map.entry(MOVE_TASK_SOURCES, "ElasticMQ's message move task without destination sends every message to"
                    + " the first queue that has the source as dead-letter queue, messages sent to the source"
                    + " directly too, and never fails: " + API + "API_StartMessageMoveTask.html"));

    private static final String YMQ_API = "https://github.com/yandex-cloud/docs/blob/master/en/message-queue/api-ref/";

    /** On the YMQ-shaped relay: ElasticMQ's differences, and those YMQ's documented rules add. */
    static final Map<String, String> YMQ_DIFFERENCES = withYmq();

    private static Map<String, String> withYmq() {
        Map<String, String> all = new java.util.HashMap<>(DIFFERENCES);
        all.put(GROUP_MESSAGES_PER_RECEIVE, "YMQ's FIFO ReceiveMessage returns at most one message per message"
                + " group per call: " + YMQ_API + "message/ReceiveMessage.md");
        return Map.copyOf(all);
    }

    /** The backend on this run's server ({@link SqsTestServer}): ElasticMQ, or the YMQ-shaped relay. */
    public static final Backend SQS = Backend.of("sqs on " + SqsTestServer.name(),
                    name -> SqsTestServer.storeUrl(prefix(name)))
            .withCapabilities(Set.of(FilteredReceive.class, org.wharfmq.store.Topics.class,
                    org.wharfmq.store.Transactions.class, org.wharfmq.store.MessageMoves.class,
                    org.wharfmq.store.QueueStatistics.class, org.wharfmq.store.FairQueues.class))
            .withDifferences(SqsTestServer.ymq() ? YMQ_DIFFERENCES : DIFFERENCES);

    private SqsBackends() {
    }

    /** A short prefix from a store name, so that queue names stay within SQS's 80 characters. */
    private static String prefix(String name) {
        String clean = name.replaceAll("[^A-Za-z0-9]", "");
        return clean.substring(0, Math.min(6, clean.length()));
    }
}
