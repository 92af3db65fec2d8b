package org.wharfmq.store.contract.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.store.ErrorCodes.BATCH_ENTRY_IDS_NOT_DISTINCT;
import static org.wharfmq.store.ErrorCodes.BATCH_REQUEST_TOO_LONG;
import static org.wharfmq.store.ErrorCodes.EMPTY_BATCH_REQUEST;
import static org.wharfmq.store.ErrorCodes.INVALID_BATCH_ENTRY_ID;
import static org.wharfmq.store.ErrorCodes.INVALID_MESSAGE_CONTENTS;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;
import static org.wharfmq.store.ErrorCodes.TOO_MANY_ENTRIES_IN_BATCH_REQUEST;
import static org.wharfmq.store.contract.Rules.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.VisibilityChange;

/** Dead-letter redrive and the batch operations. */
public abstract class DeadLetterAndBatchContract extends StoreFixture {

    private String withDlq(String name, String dlq, int max) {
        queue(dlq, Map.of());
        return queue(name, Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"" + dlq + "\",\"maxReceiveCount\":" + max + "}", "VisibilityTimeout", "5"));
    }

    @Test
    void messageMovesToTheDlqAfterMaxReceiveCountKeepingItsMessageId() {
        differs(SERVER_CLOCK);
        String url = withDlq("q", "dlq", 2);
        String id = send(url, "poison");
        receive(url, 1);
        clock.advanceSeconds(5);
        receive(url, 1);
        clock.advanceSeconds(5);
        assertTrue(receive(url, 1).isEmpty());
        ReceivedMessage dead = receive(store.getQueueUrl("dlq"), 1).get(0);
        assertEquals(id, dead.messageId());
        assertEquals(1, dead.receiveCount());
    }

    @Test
    void handlesFromBeforeTheMoveAreInvalidInTheDlq() {
        differs(SERVER_CLOCK);
        String url = withDlq("q", "dlq", 1);
        send(url, "poison");
        String first = receive(url, 1).get(0).receiptHandle();
        clock.advanceSeconds(5);
        assertTrue(receive(url, 1).isEmpty());
        String dlq = store.getQueueUrl("dlq");
        String current = receive(dlq, 1).get(0).receiptHandle();
        fails(RECEIPT_HANDLE_IS_INVALID, first, () -> store.changeMessageVisibility(dlq, first, 0));
        fails(RECEIPT_HANDLE_IS_INVALID, first, () -> store.deleteMessage(dlq, first));
        store.deleteMessage(dlq, current);
        assertEquals(0, count(dlq, "ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void movedMessageKeepsItsRetentionFromTheOriginalSend() {
        differs(SERVER_CLOCK);
        String url = withDlq("q", "dlq", 1);
        send(url, "poison");
        receive(url, 1);
        clock.advanceSeconds(5);
        receive(url, 1);
        String dlq = store.getQueueUrl("dlq");
        store.setQueueAttributes(dlq, Map.of("MessageRetentionPeriod", "60"));
        clock.advanceSeconds(54);
        assertEquals(1, count(dlq, "ApproximateNumberOfMessages"));
        clock.advanceSeconds(1);
        assertEquals(0, count(dlq, "ApproximateNumberOfMessages"));
    }

    @Test
    void fifoPoisonMessageBlocksItsGroupUntilMovedKeepingItsGroup() {
        differs(SERVER_CLOCK);
        queue("dlq.fifo", Map.of());
        String url = queue("q.fifo", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"dlq.fifo\",\"maxReceiveCount\":1}", "VisibilityTimeout", "5"));
        sendFifo(url, "bad", "g", "1");
        sendFifo(url, "next", "g", "2");
        assertEquals(List.of("bad"), bodies(receive(url, 1)));
        assertTrue(receive(url, 10).isEmpty());
        clock.advanceSeconds(5);
        assertEquals(List.of("next"), bodies(receive(url, 10)));
        ReceivedMessage dead = receive(store.getQueueUrl("dlq.fifo"), 1).get(0);
        assertEquals("bad", dead.body());
        assertEquals("g", dead.messageGroupId());
    }

    @Test
    void emptyBatchIsEmptyBatchRequest() {
        differs(EMPTY_BATCH);
        String url = queue("q", Map.of());
        fails(EMPTY_BATCH_REQUEST, null, () -> store.sendMessageBatch(url, List.of()));
        fails(EMPTY_BATCH_REQUEST, null, () -> store.deleteMessageBatch(url, List.of()));
    }

    @Test
    void elevenEntriesAreTooManyEntriesInBatchRequest() {
        String url = queue("q", Map.of());
        List<SendBatchEntry> entries = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            entries.add(SendBatchEntry.of("e" + i, "m"));
        }
        fails(TOO_MANY_ENTRIES_IN_BATCH_REQUEST, "11", () -> store.sendMessageBatch(url, entries));
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void repeatedEntryIdIsBatchEntryIdsNotDistinct() {
        String url = queue("q", Map.of());
        fails(BATCH_ENTRY_IDS_NOT_DISTINCT, "'a'", () -> store.sendMessageBatch(url,
                List.of(SendBatchEntry.of("a", "1"), SendBatchEntry.of("a", "2"))));
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void badEntryIdIsInvalidBatchEntryId() {
        differs(BATCH_ENTRY_IDS);
        String url = queue("q", Map.of());
        fails(INVALID_BATCH_ENTRY_ID, "'bad id'", () -> store.sendMessageBatch(url, List.of(SendBatchEntry.of("bad id", "1"))));
        fails(INVALID_BATCH_ENTRY_ID, "x".repeat(81), () -> store.deleteMessageBatch(url,
                List.of(new BatchEntry<>("x".repeat(81), "h"))));
    }

    @Test
    void batchOverMaximumMessageSizeIsBatchRequestTooLong() {
        differs(MAXIMUM_MESSAGE_SIZE);
        String url = queue("q", Map.of("MaximumMessageSize", "1024"));
        fails(BATCH_REQUEST_TOO_LONG, "1200", () -> store.sendMessageBatch(url,
                List.of(SendBatchEntry.of("a", "x".repeat(600)), SendBatchEntry.of("b", "x".repeat(600)))));
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void eachBatchEntrySucceedsOrFailsOnItsOwn() {
        differs(FORBIDDEN_CHARACTER_CODE);
        String url = queue("q", Map.of());
        BatchResult<SendResult> r = store.sendMessageBatch(url,
                List.of(SendBatchEntry.of("good", "m"), SendBatchEntry.of("bad", "a\u0000")));
        assertEquals("good", r.successful().get(0).id());
        assertEquals("bad", r.failed().get(0).id());
        assertEquals(INVALID_MESSAGE_CONTENTS, r.failed().get(0).code());
        assertTrue(r.failed().get(0).senderFault());
        assertEquals(1, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void deleteAndChangeVisibilityBatchesReportEachEntry() {
        String url = queue("q", Map.of());
        send(url, "a");
        send(url, "b");
        List<ReceivedMessage> got = receive(url, 2);
        BatchResult<String> changed = store.changeMessageVisibilityBatch(url, List.of(
                new BatchEntry<>("x", new VisibilityChange(got.get(0).receiptHandle(), 60)),
                new BatchEntry<>("y", new VisibilityChange("nonsense", 60))));
        assertEquals(List.of("x"), changed.successful());
        assertEquals(RECEIPT_HANDLE_IS_INVALID, changed.failed().get(0).code());
        BatchResult<String> deleted = store.deleteMessageBatch(url, List.of(
                new BatchEntry<>("x", got.get(0).receiptHandle()), new BatchEntry<>("y", got.get(1).receiptHandle())));
        assertEquals(List.of("x", "y"), deleted.successful());
        assertEquals(0, count(url, "ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void batchSendOnFifoReturnsSequenceNumbersInEntryOrder() {
        differs(BATCH_SEQUENCE_NUMBERS);
        String url = queue("q.fifo", Map.of());
        BatchResult<SendResult> r = store.sendMessageBatch(url, List.of(
                new SendBatchEntry("a", "1", null, null, "g", "d1"), new SendBatchEntry("b", "2", null, null, "g", "d2")));
        assertTrue(r.successful().get(1).sequenceNumber().compareTo(r.successful().get(0).sequenceNumber()) > 0);
        assertEquals(List.of("1", "2"), bodies(store.receiveMessage(ReceiveMessageRequest.of(url, 10))));
    }
}
