package org.wharfmq.store.contract.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.store.ErrorCodes.INVALID_ATTRIBUTE_NAME;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.PURGE_QUEUE_IN_PROGRESS;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;
import static org.wharfmq.store.ErrorCodes.QUEUE_DELETED_RECENTLY;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;
import static org.wharfmq.store.contract.Rules.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Queues: names, creation, deletion, listing, purge and attributes. */
public abstract class QueueRulesContract extends StoreFixture {

    @ParameterizedTest
    @ValueSource(strings = {"", "has space", "dot.name", "ünicode", "x.fifo.fifo", "~internal"})
    void invalidQueueNameIsRejectedAndCreatesNothing(String name) {
        fails(INVALID_PARAMETER_VALUE, "'" + name + "'", () -> queue(name, Map.of()));
        assertEquals(List.of(), store.listQueues(null));
    }

    @Test
    void queueNameOf81CharactersIsRejected() {
        differs(QUEUE_NAME_LENGTH);
        String name = "q".repeat(81);
        fails(INVALID_PARAMETER_VALUE, name, () -> queue(name, Map.of()));
        String url = queue("q".repeat(80), Map.of());
        assertEquals(store.getQueueUrl("q".repeat(80)), url);
    }

    @Test
    void fifoSuffixMakesAFifoQueue() {
        String url = queue("orders.fifo", Map.of());
        assertEquals("true", store.getQueueAttributes(url, List.of("FifoQueue")).get("FifoQueue"));
        assertFalse(store.getQueueAttributes(queue("plain", Map.of()), List.of("All")).containsKey("FifoQueue"));
    }

    @Test
    void fifoQueueAttributeOnAStandardNameIsRejected() {
        differs(FIFO_ATTRIBUTE_ON_STANDARD_NAME);
        fails(INVALID_PARAMETER_VALUE, "FifoQueue=true", () -> queue("plain", Map.of("FifoQueue", "true")));
    }

    @Test
    void creatingAnExistingQueueWithTheSameAttributesReturnsIt() {
        String url = queue("q", Map.of("VisibilityTimeout", "10"));
        assertEquals(url, queue("q", Map.of("VisibilityTimeout", "10")));
        assertEquals(url, queue("q", Map.of()));
    }

    @Test
    void creatingAnExistingQueueWithOtherAttributesIsQueueAlreadyExists() {
        queue("q", Map.of("VisibilityTimeout", "10"));
        fails(QUEUE_ALREADY_EXISTS, "q", () -> queue("q", Map.of("VisibilityTimeout", "11")));
        assertEquals("10", store.getQueueAttributes(store.getQueueUrl("q"), List.of("All")).get("VisibilityTimeout"));
    }

    @Test
    void deletedNameCannotBeReusedFor60Seconds() {
        differs(SERVER_CLOCK);
        store.deleteQueue(queue("q", Map.of()));
        clock.advanceSeconds(59);
        fails(QUEUE_DELETED_RECENTLY, "q", () -> queue("q", Map.of()));
        clock.advanceSeconds(1);
        queue("q", Map.of());
    }

    @Test
    void deletedQueueDoesNotExist() {
        String url = queue("q", Map.of());
        store.deleteQueue(url);
        fails(QUEUE_DOES_NOT_EXIST, "q", () -> send(url, "x"));
        fails(QUEUE_DOES_NOT_EXIST, "q", () -> store.getQueueUrl("q"));
    }

    @Test
    void listQueuesFiltersByPrefixInNameOrder() {
        queue("beta", Map.of());
        queue("alpha2", Map.of());
        queue("alpha1", Map.of());
        assertEquals(List.of(store.getQueueUrl("alpha1"), store.getQueueUrl("alpha2")), store.listQueues("alpha"));
        assertEquals(3, store.listQueues(null).size());
    }

    @Test
    void purgeRemovesEveryMessageAndASecondPurgeWithin60SecondsFails() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of());
        send(url, "a");
        send(url, "b");
        receive(url, 1);
        store.purgeQueue(url);
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
        assertEquals(0, count(url, "ApproximateNumberOfMessagesNotVisible"));
        clock.advanceSeconds(59);
        fails(PURGE_QUEUE_IN_PROGRESS, "q", () -> store.purgeQueue(url));
        clock.advanceSeconds(1);
        store.purgeQueue(url);
    }

    @Test
    void defaultsAreThoseOfTheModel() {
        differs(QUEUE_ATTRIBUTES_SHOWN);
        differs(QUEUE_ARN);
        Map<String, String> a = store.getQueueAttributes(queue("q.fifo", Map.of()), List.of("All"));
        assertEquals("30", a.get("VisibilityTimeout"));
        assertEquals("345600", a.get("MessageRetentionPeriod"));
        assertEquals("0", a.get("DelaySeconds"));
        assertEquals("0", a.get("ReceiveMessageWaitTimeSeconds"));
        assertEquals("262144", a.get("MaximumMessageSize"));
        assertEquals("false", a.get("ContentBasedDeduplication"));
        assertEquals("300", a.get("DeduplicationWindow"));
        assertEquals("queue", a.get("DeduplicationScope"));
        assertEquals("arn:wharf:sqs:local:000000000000:q.fifo", a.get("QueueArn"));
    }

    @ParameterizedTest
    @CsvSource({"VisibilityTimeout,0,43200,-1,43201", "MessageRetentionPeriod,60,1209600,59,1209601",
        "DelaySeconds,0,900,-1,901", "ReceiveMessageWaitTimeSeconds,0,20,-1,21",
        "MaximumMessageSize,1024,262144,1023,262145", "DeduplicationWindow,20,604800,19,604801"})
    void attributeBoundsAreAcceptedAndValuesBeyondThemRejected(String name, String min, String max, String below,
                                                               String above) {
        if (name.equals("DeduplicationWindow")) {
            differs(DEDUPLICATION_WINDOW);
        }
        differs(ATTRIBUTE_BOUNDS);
        String url = queue("q.fifo", Map.of());
        store.setQueueAttributes(url, Map.of(name, min));
        store.setQueueAttributes(url, Map.of(name, max));
        fails(INVALID_PARAMETER_VALUE, below, () -> store.setQueueAttributes(url, Map.of(name, below)));
        fails(INVALID_PARAMETER_VALUE, above, () -> store.setQueueAttributes(url, Map.of(name, above)));
        fails(INVALID_PARAMETER_VALUE, "'ten'", () -> store.setQueueAttributes(url, Map.of(name, "ten")));
        assertEquals(max, store.getQueueAttributes(url, List.of(name)).get(name));
    }

    @Test
    void unknownOrReadOnlyAttributeIsInvalidAttributeName() {
        differs(UNKNOWN_QUEUE_ATTRIBUTES);
        String url = queue("q", Map.of());
        fails(INVALID_ATTRIBUTE_NAME, "Colour", () -> store.setQueueAttributes(url, Map.of("Colour", "red")));
        fails(INVALID_ATTRIBUTE_NAME, "QueueArn", () -> store.setQueueAttributes(url, Map.of("QueueArn", "x")));
        fails(INVALID_ATTRIBUTE_NAME, "Colour", () -> store.getQueueAttributes(url, List.of("Colour")));
    }

    @Test
    void fifoOnlyAttributesAreRejectedOnStandardQueues() {
        differs(FIFO_ONLY_ATTRIBUTES);
        fails(INVALID_PARAMETER_VALUE, "ContentBasedDeduplication",
                () -> queue("q", Map.of("ContentBasedDeduplication", "true")));
        fails(INVALID_PARAMETER_VALUE, "DeduplicationScope", () -> queue("q", Map.of("DeduplicationScope", "queue")));
    }

    @Test
    void deduplicationScopeMustBeQueueOrMessageGroup() {
        differs(DEDUPLICATION_SCOPE);
        fails(INVALID_PARAMETER_VALUE, "'group'", () -> queue("q.fifo", Map.of("DeduplicationScope", "group")));
        queue("q.fifo", Map.of("DeduplicationScope", "messageGroup"));
    }

    @Test
    void setQueueAttributesUpdatesLastModifiedTimestamp() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of());
        clock.advanceSeconds(100);
        store.setQueueAttributes(url, Map.of("DelaySeconds", "5"));
        Map<String, String> a = store.getQueueAttributes(url, List.of("All"));
        assertEquals(Long.parseLong(a.get("CreatedTimestamp")) + 100, Long.parseLong(a.get("LastModifiedTimestamp")));
    }

    @Test
    void redrivePolicyNeedsAnExistingDeadLetterQueueOfTheSameType() {
        fails(QUEUE_DOES_NOT_EXIST, "dlq", () -> queue("q", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":3}")));
        queue("dlq.fifo", Map.of());
        differs(DEAD_LETTER_QUEUE_TYPE);
        fails(INVALID_PARAMETER_VALUE, "dlq.fifo", () -> queue("q", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"dlq.fifo\",\"maxReceiveCount\":3}")));
        fails(INVALID_PARAMETER_VALUE, "q", () -> queue("q", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"q\",\"maxReceiveCount\":3}")));
        assertTrue(store.listQueues("q").isEmpty());
    }

    @Test
    void redrivePolicyNamesItsDeadLetterQueueByNameOrArnAndChecksMaxReceiveCount() {
        String dlqArn = store.getQueueAttributes(queue("dlq", Map.of()), List.of("QueueArn")).get("QueueArn");
        String url = queue("q", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"arn:wharf:sqs:local:000000000000:dlq\",\"maxReceiveCount\":\"1000\"}"));
        assertEquals("{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":1000}",
                store.getQueueAttributes(url, List.of("RedrivePolicy")).get("RedrivePolicy"));
        fails(INVALID_PARAMETER_VALUE, "1001", () -> store.setQueueAttributes(url, Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"dlq\",\"maxReceiveCount\":1001}")));
        fails(INVALID_PARAMETER_VALUE, "{oops", () -> store.setQueueAttributes(url, Map.of("RedrivePolicy", "{oops")));
    }
}
