package org.wharfmq.store.contract.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.store.ErrorCodes.INVALID_MESSAGE_CONTENTS;
import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.MESSAGE_NOT_INFLIGHT;
import static org.wharfmq.store.ErrorCodes.MISSING_PARAMETER;
import static org.wharfmq.store.ErrorCodes.OVER_LIMIT;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;
import static org.wharfmq.store.contract.Rules.*;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;

/** Messages on standard queues: bodies, attributes, visibility, delays, retention, handles, long polls. */
public abstract class MessageRulesContract extends StoreFixture {

    @Test
    void standardQueueDeliversInSendOrder() {
        differs(STANDARD_QUEUE_ORDER);
        String url = queue("q", Map.of());
        for (int i = 0; i < 5; i++) {
            send(url, "m" + i);
        }
        assertEquals(List.of("m0", "m1", "m2"), bodies(receive(url, 3)));
        assertEquals(List.of("m3", "m4"), bodies(receive(url, 10)));
    }

    @Test
    void sendReturnsMessageIdAndMd5OfBody() {
        String url = queue("q", Map.of());
        SendResult r = store.sendMessage(SendMessageRequest.of(url, "hello"));
        assertEquals("5d41402abc4b2a76b9719d911017c592", r.md5OfMessageBody());
        ReceivedMessage m = receive(url, 1).get(0);
        assertEquals(r.messageId(), m.messageId());
        assertEquals(r.md5OfMessageBody(), m.md5OfBody());
    }

    @Test
    void attributesAndSystemAttributesComeBack() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of());
        Map<String, MessageAttributeValue> attrs = Map.of("s", MessageAttributeValue.string("x"),
                "n", MessageAttributeValue.number("12.5"), "b", MessageAttributeValue.binary(new byte[] {1, 2}),
                "t", new MessageAttributeValue("Number.int", "7", null));
        store.sendMessage(SendMessageRequest.of(url, "m").withAttributes(attrs));
        clock.advanceSeconds(3);
        ReceivedMessage m = receive(url, 1).get(0);
        assertEquals(attrs, m.messageAttributes());
        assertEquals(1, m.receiveCount());
        assertEquals(m.sentTimestamp() + 3000, m.firstReceiveTimestamp());
        assertEquals("1", m.systemAttributes().get("ApproximateReceiveCount"));
    }

    @Test
    void receivedMessageIsHiddenForTheVisibilityTimeoutThenComesBackWithAGrowingCount() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of("VisibilityTimeout", "10"));
        send(url, "m");
        assertEquals(1, receive(url, 1).get(0).receiveCount());
        clock.advanceSeconds(9);
        assertTrue(receive(url, 1).isEmpty());
        assertEquals(1, count(url, "ApproximateNumberOfMessagesNotVisible"));
        clock.advanceSeconds(1);
        assertEquals(2, receive(url, 1).get(0).receiveCount());
    }

    @Test
    void receiveVisibilityTimeoutOverridesTheQueues() {
        String url = queue("q", Map.of());
        send(url, "m");
        store.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(2));
        clock.advanceSeconds(2);
        // A backend on the server's clock sees the message back within the wait, not at once.
        assertEquals(1, store.receiveMessage(ReceiveMessageRequest.of(url, 1).withWaitTimeSeconds(10)).size());
    }

    @Test
    void changeMessageVisibilityCountsFromNowAndZeroReleasesAtOnce() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of());
        send(url, "m");
        String handle = receive(url, 1).get(0).receiptHandle();
        clock.advanceSeconds(25);
        store.changeMessageVisibility(url, handle, 10);
        clock.advanceSeconds(9);
        assertTrue(receive(url, 1).isEmpty());
        store.changeMessageVisibility(url, handle, 0);
        assertEquals(1, receive(url, 1).size());
    }

    @Test
    void changeVisibilityOfAMessageNoLongerInFlightIsMessageNotInflight() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of("VisibilityTimeout", "5"));
        send(url, "m");
        String handle = receive(url, 1).get(0).receiptHandle();
        clock.advanceSeconds(5);
        fails(MESSAGE_NOT_INFLIGHT, handle, () -> store.changeMessageVisibility(url, handle, 10));
    }

    @Test
    void deleteRemovesTheMessage() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of("VisibilityTimeout", "5"));
        send(url, "m");
        store.deleteMessage(url, receive(url, 1).get(0).receiptHandle());
        clock.advanceSeconds(5);
        assertTrue(receive(url, 1).isEmpty());
        assertEquals(0, count(url, "ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void staleReceiptHandleIsRejected() {
        differs(STALE_RECEIPT_HANDLE);
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of("VisibilityTimeout", "5"));
        send(url, "m");
        String old = receive(url, 1).get(0).receiptHandle();
        clock.advanceSeconds(5);
        fails(RECEIPT_HANDLE_IS_INVALID, old, () -> store.deleteMessage(url, old));
        String current = receive(url, 1).get(0).receiptHandle();
        assertNotEquals(old, current);
        fails(RECEIPT_HANDLE_IS_INVALID, old, () -> store.deleteMessage(url, old));
        fails(RECEIPT_HANDLE_IS_INVALID, old, () -> store.changeMessageVisibility(url, old, 1));
        store.deleteMessage(url, current);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "garbage", "AQAAAAEAAAAAAAAAAQAAAAE", "AQAAAAEAAAAAAAAAAQAAAAEX"})
    void malformedOrUnknownReceiptHandleIsRejectedAndChangesNothing(String handle) {
        String url = queue("q", Map.of());
        send(url, "m");
        fails(RECEIPT_HANDLE_IS_INVALID, "'".equals(handle) ? null : handle, () -> store.deleteMessage(url, handle));
        assertEquals(1, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void queueDelaySecondsHidesNewMessages() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of("DelaySeconds", "10"));
        send(url, "m");
        assertEquals(1, count(url, "ApproximateNumberOfMessagesDelayed"));
        clock.advanceSeconds(9);
        assertTrue(receive(url, 1).isEmpty());
        clock.advanceSeconds(1);
        assertEquals(1, receive(url, 1).size());
    }

    @Test
    void messageDelayOverridesTheQueuesOnStandardQueues() {
        String url = queue("q", Map.of("DelaySeconds", "10"));
        store.sendMessage(SendMessageRequest.of(url, "m").withDelaySeconds(0));
        assertEquals(1, receive(url, 1).size());
        fails(INVALID_PARAMETER_VALUE, "901", () -> store.sendMessage(SendMessageRequest.of(url, "m").withDelaySeconds(901)));
    }

    @Test
    void messagesOlderThanTheRetentionPeriodAreDeletedInAnyState() {
        differs(SERVER_CLOCK);
        String url = queue("q", Map.of("MessageRetentionPeriod", "60"));
        send(url, "queued");
        send(url, "inflight");
        store.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(3600));
        clock.advanceSeconds(60);
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
        assertEquals(0, count(url, "ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void maxNumberOfMessagesIsOneToTen() {
        String url = queue("q", Map.of());
        fails(INVALID_PARAMETER_VALUE, "0", () -> receive(url, 0));
        fails(INVALID_PARAMETER_VALUE, "11", () -> receive(url, 11));
    }

    @Test
    void waitTimeSecondsIsZeroToTwenty() {
        String url = queue("q", Map.of());
        fails(INVALID_PARAMETER_VALUE, "21",
                () -> store.receiveMessage(ReceiveMessageRequest.of(url, 1).withWaitTimeSeconds(21)));
    }

    @Test
    void longPollReturnsAsSoonAsAMessageIsSent() throws Exception {
        String url = queue("q", Map.of());
        CompletableFuture<List<ReceivedMessage>> poll = CompletableFuture.supplyAsync(
                () -> store.receiveMessage(ReceiveMessageRequest.of(url, 1).withWaitTimeSeconds(20)));
        send(url, "late");
        assertEquals(List.of("late"), bodies(poll.get(10, TimeUnit.SECONDS)));
    }

    @Test
    void nullBodyIsMissingParameterAndEmptyBodyInvalid() {
        differs(MISSING_BODY);
        String url = queue("q", Map.of());
        fails(MISSING_PARAMETER, "body", () -> send(url, null));
        fails(INVALID_PARAMETER_VALUE, "empty", () -> send(url, ""));
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\u0000b", "\uFFFE", "\uD800", "bell\u0007"})
    void forbiddenCharacterIsInvalidMessageContentsAndNothingIsStored(String body) {
        differs(FORBIDDEN_CHARACTER_CODE);
        String url = queue("q", Map.of());
        fails(INVALID_MESSAGE_CONTENTS, "U+", () -> send(url, body));
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void allowedCharactersIncludeTabsNewlinesAndAstralPlanes() {
        String url = queue("q", Map.of());
        String body = "tab\tnl\ncr\r\uD83D\uDE00\uE000";
        send(url, body);
        assertEquals(body, receive(url, 1).get(0).body());
    }

    @Test
    void messageOverMaximumMessageSizeIsRejected() {
        differs(MAXIMUM_MESSAGE_SIZE);
        String url = queue("q", Map.of("MaximumMessageSize", "1024"));
        send(url, "x".repeat(1024));
        fails(INVALID_PARAMETER_VALUE, "1025", () -> send(url, "x".repeat(1025)));
        // 1020 body bytes + "ab" + "String" + "c"
        fails(INVALID_PARAMETER_VALUE, "1029", () -> store.sendMessage(SendMessageRequest.of(url, "x".repeat(1020))
                .withAttributes(Map.of("ab", MessageAttributeValue.string("c")))));
        assertEquals(1, count(url, "ApproximateNumberOfMessages"));
    }

    @ParameterizedTest
    @ValueSource(strings = {".lead", "trail.", "dou..ble", "AWS.x", "amazon.y", "sp ace"})
    void invalidAttributeNameIsRejected(String name) {
        differs(MESSAGE_ATTRIBUTE_NAMES);
        String url = queue("q", Map.of());
        fails(INVALID_PARAMETER_VALUE, name, () -> store.sendMessage(SendMessageRequest.of(url, "m")
                .withAttributes(Map.of(name, MessageAttributeValue.string("v")))));
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
    }

    @Test
    void invalidAttributeValuesAreRejected() {
        String url = queue("q", Map.of());
        fails(INVALID_PARAMETER_VALUE, "'abc'", () -> store.sendMessage(SendMessageRequest.of(url, "m")
                .withAttributes(Map.of("n", MessageAttributeValue.number("abc")))));
        fails(INVALID_PARAMETER_VALUE, "'Date'", () -> store.sendMessage(SendMessageRequest.of(url, "m")
                .withAttributes(Map.of("n", new MessageAttributeValue("Date", "x", null)))));
        fails(INVALID_PARAMETER_VALUE, "s", () -> store.sendMessage(SendMessageRequest.of(url, "m")
                .withAttributes(Map.of("s", MessageAttributeValue.string("")))));
    }

    @Test
    void fifoFieldsOnAStandardQueueAreRejected() {
        differs(FIFO_FIELDS_ON_STANDARD_QUEUES);
        String url = queue("q", Map.of());
        fails(INVALID_PARAMETER_VALUE, "MessageGroupId", () -> sendFifo(url, "m", "g", null));
    }

    @Test
    void standardQueueWith120000InFlightFailsWithOverLimit() {
        differs(IN_FLIGHT_LIMITS);
        String url = queue("q", Map.of());
        List<org.wharfmq.store.SendBatchEntry> batch = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            batch.add(org.wharfmq.store.SendBatchEntry.of("e" + i, "m"));
        }
        for (int i = 0; i < 12_001; i++) {
            store.sendMessageBatch(url, batch);
        }
        for (int i = 0; i < 12_000; i++) {
            receive(url, 10);
        }
        assertEquals(120_000, count(url, "ApproximateNumberOfMessagesNotVisible"));
        fails(OVER_LIMIT, "120000", () -> receive(url, 1));
    }
}
