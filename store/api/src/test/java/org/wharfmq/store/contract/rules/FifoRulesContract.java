package org.wharfmq.store.contract.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.MISSING_PARAMETER;
import static org.wharfmq.store.contract.Rules.*;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;

/** FIFO queues: groups, deduplication and receive attempts. */
public abstract class FifoRulesContract extends StoreFixture {

    @Test
    void sendWithoutGroupIsMissingParameter() {
        String url = queue("q.fifo", Map.of());
        fails(MISSING_PARAMETER, "MessageGroupId", () -> sendFifo(url, "m", null, "d1"));
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void sendWithoutDeduplicationIdNeedsContentBasedDeduplication() {
        String url = queue("q.fifo", Map.of());
        fails(INVALID_PARAMETER_VALUE, "MessageDeduplicationId", () -> sendFifo(url, "m", "g", null));
    }

    @Test
    void perMessageDelayOnAFifoQueueIsRejected() {
        String url = queue("q.fifo", Map.of());
        fails(INVALID_PARAMETER_VALUE, "delay",
                () -> store.sendMessage(SendMessageRequest.fifo(url, "m", "g", "d").withDelaySeconds(5)));
    }

    @Test
    void invalidGroupIdIsRejected() {
        String url = queue("q.fifo", Map.of());
        fails(INVALID_PARAMETER_VALUE, "'has space'", () -> sendFifo(url, "m", "has space", "d"));
        fails(INVALID_PARAMETER_VALUE, "x".repeat(129), () -> sendFifo(url, "m", "g", "x".repeat(129)));
    }

    @Test
    void groupIsBlockedWhileAMessageIsInFlightButOtherGroupsGoOn() {
        String url = queue("q.fifo", Map.of());
        sendFifo(url, "a1", "a", "1");
        sendFifo(url, "a2", "a", "2");
        sendFifo(url, "b1", "b", "3");
        List<ReceivedMessage> first = receive(url, 1);
        assertEquals(List.of("a1"), bodies(first));
        assertEquals(List.of("b1"), bodies(receive(url, 10)));
        assertTrue(receive(url, 10).isEmpty());
        store.deleteMessage(url, first.get(0).receiptHandle());
        assertEquals(List.of("a2"), bodies(receive(url, 10)));
    }

    @Test
    void longPollWakesWhenItsGroupIsReleasedByADelete() throws Exception {
        String url = queue("q.fifo", Map.of());
        sendFifo(url, "a1", "a", "1");
        sendFifo(url, "a2", "a", "2");
        String handle = receive(url, 1).get(0).receiptHandle();
        java.util.concurrent.CompletableFuture<List<ReceivedMessage>> poll = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> store.receiveMessage(ReceiveMessageRequest.of(url, 1).withWaitTimeSeconds(20)));
        Thread.sleep(200);

        long start = System.nanoTime();
        store.deleteMessage(url, handle);

        assertEquals(List.of("a2"), bodies(poll.get(10, java.util.concurrent.TimeUnit.SECONDS)));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "woken by the delete, not by its wait time");
    }

    @Test
    void oneReceiveMayReturnSeveralMessagesOfAGroupInOrder() {
        differs(GROUP_MESSAGES_PER_RECEIVE);
        String url = queue("q.fifo", Map.of());
        for (int i = 0; i < 4; i++) {
            sendFifo(url, "a" + i, "a", "d" + i);
        }
        assertEquals(List.of("a0", "a1", "a2", "a3"), bodies(receive(url, 10)));
    }

    @Test
    void messageWhoseVisibilityEndsBlocksItsGroupUntilRedelivered() {
        differs(SERVER_CLOCK);
        String url = queue("q.fifo", Map.of("VisibilityTimeout", "5"));
        sendFifo(url, "a1", "a", "1");
        sendFifo(url, "a2", "a", "2");
        receive(url, 1);
        clock.advanceSeconds(5);
        ReceivedMessage again = receive(url, 1).get(0);
        assertEquals("a1", again.body());
        assertEquals(2, again.receiveCount());
    }

    @Test
    void duplicateIdWithinTheWindowIsAcceptedButNotDelivered() {
        String url = queue("q.fifo", Map.of());
        SendResult first = store.sendMessage(SendMessageRequest.fifo(url, "m1", "g", "same"));
        clock.advanceSeconds(299);
        SendResult dup = store.sendMessage(SendMessageRequest.fifo(url, "other body", "g", "same"));
        assertEquals(first.messageId(), dup.messageId());
        assertEquals(first.sequenceNumber(), dup.sequenceNumber());
        assertEquals(List.of("m1"), bodies(receive(url, 10)));
    }

    @Test
    void sameKeyAfterTheWindowIsANewMessage() {
        differs(DEDUPLICATION_WINDOW);
        differs(SERVER_CLOCK);
        String url = queue("q.fifo", Map.of("DeduplicationWindow", "20"));
        SendResult first = store.sendMessage(SendMessageRequest.fifo(url, "m", "g", "same"));
        clock.advanceSeconds(20);
        SendResult later = store.sendMessage(SendMessageRequest.fifo(url, "m", "g", "same"));
        assertNotEquals(first.messageId(), later.messageId());
        assertTrue(later.sequenceNumber().compareTo(first.sequenceNumber()) > 0);
    }

    @Test
    void contentBasedDeduplicationUsesTheSha256OfTheBody() {
        String url = queue("q.fifo", Map.of("ContentBasedDeduplication", "true"));
        SendResult first = store.sendMessage(SendMessageRequest.fifo(url, "body", "g", null));
        assertEquals(first.messageId(), store.sendMessage(SendMessageRequest.fifo(url, "body", "g2", null)).messageId());
        assertNotEquals(first.messageId(), store.sendMessage(SendMessageRequest.fifo(url, "body2", "g", null)).messageId());
    }

    @Test
    void explicitIdEqualToTheSha256OfAnEarlierBodyIsADuplicate() throws Exception {
        String url = queue("q.fifo", Map.of("ContentBasedDeduplication", "true"));
        SendResult first = store.sendMessage(SendMessageRequest.fifo(url, "body", "g", null));
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest("body".getBytes(StandardCharsets.UTF_8)));
        assertEquals(first.messageId(), store.sendMessage(SendMessageRequest.fifo(url, "other", "g", sha)).messageId());
    }

    @Test
    void messageGroupScopeDeduplicatesPerGroup() {
        differs(DEDUPLICATION_SCOPE);
        String url = queue("q.fifo", Map.of("DeduplicationScope", "messageGroup"));
        SendResult a = store.sendMessage(SendMessageRequest.fifo(url, "m", "a", "same"));
        SendResult b = store.sendMessage(SendMessageRequest.fifo(url, "m", "b", "same"));
        assertNotEquals(a.messageId(), b.messageId());
        assertEquals(a.messageId(), store.sendMessage(SendMessageRequest.fifo(url, "m", "a", "same")).messageId());
    }

    @Test
    void sequenceNumbersIncreaseAndComeBackOnReceive() {
        String url = queue("q.fifo", Map.of());
        SendResult s1 = store.sendMessage(SendMessageRequest.fifo(url, "m1", "g", "1"));
        SendResult s2 = store.sendMessage(SendMessageRequest.fifo(url, "m2", "g", "2"));
        assertTrue(s2.sequenceNumber().compareTo(s1.sequenceNumber()) > 0);
        List<ReceivedMessage> got = receive(url, 10);
        assertEquals(s1.sequenceNumber(), got.get(0).sequenceNumber());
        assertEquals("g", got.get(0).messageGroupId());
        assertEquals("1", got.get(0).messageDeduplicationId());
    }

    @Test
    void repeatedAttemptIdReturnsTheSameMessagesAndHandles() {
        differs(RECEIVE_ATTEMPT_ID);
        String url = queue("q.fifo", Map.of());
        sendFifo(url, "m1", "g", "1");
        ReceiveMessageRequest r = ReceiveMessageRequest.of(url, 10).withAttemptId("attempt-1");
        List<ReceivedMessage> first = store.receiveMessage(r);
        clock.advanceSeconds(10);
        assertEquals(first, store.receiveMessage(r));
    }

    @Test
    void attemptIdStartsANewReceiveAfterFiveMinutesOrAChange() {
        differs(SERVER_CLOCK);
        String url = queue("q.fifo", Map.of("VisibilityTimeout", "600"));
        sendFifo(url, "m1", "g", "1");
        ReceiveMessageRequest r = ReceiveMessageRequest.of(url, 10).withAttemptId("attempt-1");
        String handle = store.receiveMessage(r).get(0).receiptHandle();
        clock.advanceSeconds(300);
        assertTrue(store.receiveMessage(r).isEmpty());
        store.changeMessageVisibility(url, handle, 0);
        assertEquals(2, store.receiveMessage(r).get(0).receiveCount());
    }

    @Test
    void fifoQueueWith20000InFlightReturnsNothing() {
        differs(IN_FLIGHT_LIMITS);
        String url = queue("q.fifo", Map.of("ContentBasedDeduplication", "true"));
        for (int i = 0; i <= 20_000; i++) {
            store.sendMessage(SendMessageRequest.fifo(url, "m" + i, "g" + i, null));
        }
        for (int i = 0; i < 2_000; i++) {
            assertEquals(10, receive(url, 10).size());
        }
        assertTrue(receive(url, 10).isEmpty());
        assertEquals(1, count(url, "ApproximateNumberOfMessages"));
    }
}
