package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.wharfmq.store.QueueStatistics.UNKNOWN;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.QueueStatistics.Snapshot;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/**
 * A queue's figures, named as SQS's CloudWatch metrics, follow what was done to it. Every test
 * opens its own store, so the counters start at 0; a figure that the backend declares it cannot give
 * must then be {@link QueueStatistics#UNKNOWN}, not a wrong number.
 */
public abstract class StatisticsContract {
    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private QueueStatistics statistics;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(QueueStatistics.class);
        service = QueueServices.open(backend().storeUrl("stats"), clock);
        statistics = backend().capability(service, QueueStatistics.class);
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private ReceivedMessage receiveOne(String url) {
        List<ReceivedMessage> got = service.receiveMessage(ReceiveMessageRequest.of(url, 1));
        assertEquals(1, got.size(), "one message received");
        return got.get(0);
    }

    /** {@code expected}, or UNKNOWN where the backend declared that it keeps {@code rule} differently. */
    private long unless(String rule, long expected) {
        return backend().difference(rule).isPresent() ? UNKNOWN : expected;
    }

    @Test
    void aNewQueueHasNothingCounted() {
        String url = service.createQueue("fresh", Map.of());

        assertEquals(new Snapshot(0, 0, 0, unless(Rules.AGE_OF_OLDEST_MESSAGE, 0), 0, 0, 0, 0,
                unless(Rules.STORE_DECIDED_COUNTS, 0), unless(Rules.STORE_DECIDED_COUNTS, 0)),
                statistics.statistics(url));
    }

    @Test
    void sendsReceivesDeletesAndEmptyReceivesAreCounted() {
        String url = service.createQueue("work", Map.of("VisibilityTimeout", "60"));
        service.sendMessage(SendMessageRequest.of(url, "a"));
        service.sendMessageBatch(url, List.of(SendBatchEntry.of("b", "b"), SendBatchEntry.of("c", "c")));
        ReceivedMessage a = receiveOne(url);
        ReceivedMessage b = receiveOne(url);
        receiveOne(url);
        service.deleteMessage(url, a.receiptHandle());
        service.deleteMessageBatch(url, List.of(new BatchEntry<>("b", b.receiptHandle())));
        assertEquals(List.of(), service.receiveMessage(ReceiveMessageRequest.of(url, 10)));

        Snapshot s = statistics.statistics(url);
        assertEquals(List.of(0L, 1L, 0L, 3L, 3L, 2L, 1L),
                List.of(s.approximateNumberOfMessagesVisible(), s.approximateNumberOfMessagesNotVisible(),
                        s.approximateNumberOfMessagesDelayed(), s.numberOfMessagesSent(),
                        s.numberOfMessagesReceived(), s.numberOfMessagesDeleted(), s.numberOfEmptyReceives()),
                "visible, not visible, delayed, sent, received, deleted, empty receives");
    }

    @Test
    void delayedMessagesAreCountedApartFromVisibleOnes() {
        String url = service.createQueue("later", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "now"));
        service.sendMessage(SendMessageRequest.of(url, "later").withDelaySeconds(600));

        Snapshot s = statistics.statistics(url);
        assertEquals(List.of(1L, 0L, 1L, 2L), List.of(s.approximateNumberOfMessagesVisible(),
                s.approximateNumberOfMessagesNotVisible(), s.approximateNumberOfMessagesDelayed(),
                s.numberOfMessagesSent()), "visible, not visible, delayed, sent");
    }

    @Test
    void theAgeOfTheOldestMessageIsTheSecondsSinceItWasSent() {
        backend().differs(Rules.SERVER_CLOCK);
        backend().differs(Rules.AGE_OF_OLDEST_MESSAGE);
        String url = service.createQueue("aging", Map.of("VisibilityTimeout", "60"));
        service.sendMessage(SendMessageRequest.of(url, "old"));
        clock.advanceSeconds(30);
        service.sendMessage(SendMessageRequest.of(url, "new"));
        clock.advanceSeconds(12);
        assertEquals(42, statistics.statistics(url).approximateAgeOfOldestMessage(), "in flight still counts");

        ReceivedMessage old = receiveOne(url);
        service.deleteMessage(url, old.receiptHandle());
        assertEquals(12, statistics.statistics(url).approximateAgeOfOldestMessage(), "after the oldest is deleted");
    }

    @Test
    void theAgeOfTheOldestMessageIsUnknownWhereTheBackendCannotTell() {
        String url = service.createQueue("aging", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "old"));

        assertEquals(unless(Rules.AGE_OF_OLDEST_MESSAGE, 0), statistics.statistics(url).approximateAgeOfOldestMessage());
    }

    @Test
    void aDeduplicatedSendIsCountedAsSuchNotAsSent() {
        String url = service.createQueue("orders.fifo", Map.of());
        service.sendMessage(SendMessageRequest.fifo(url, "pay", "g", "order-1"));
        service.sendMessage(SendMessageRequest.fifo(url, "pay", "g", "order-1"));

        Snapshot s = statistics.statistics(url);
        boolean counted = backend().difference(Rules.STORE_DECIDED_COUNTS).isEmpty();
        // A backend that cannot tell a duplicate counts each accepted send.
        assertEquals(List.of(1L, counted ? 1L : 2L, counted ? 1L : UNKNOWN),
                List.of(s.approximateNumberOfMessagesVisible(), s.numberOfMessagesSent(),
                        s.numberOfDeduplicatedSentMessages()), "visible, sent, deduplicated");
    }

    @Test
    void aRedriveIsCountedOnTheSourceQueueAndIsNoSendToTheDeadLetterQueue() {
        String dlq = service.createQueue("jobs-dlq", Map.of());
        String url = service.createQueue("jobs", Map.of("VisibilityTimeout", "60", "RedrivePolicy",
                "{\"deadLetterTargetArn\":\"jobs-dlq\",\"maxReceiveCount\":1}"));
        service.sendMessage(SendMessageRequest.of(url, "poison"));
        service.changeMessageVisibility(url, receiveOne(url).receiptHandle(), 0);
        assertEquals(List.of(), service.receiveMessage(ReceiveMessageRequest.of(url, 1)), "moved, not received");

        Snapshot source = statistics.statistics(url);
        Snapshot target = statistics.statistics(dlq);
        assertEquals(List.of(0L, 1L, 1L, unless(Rules.STORE_DECIDED_COUNTS, 1), 1L, 0L),
                List.of(source.approximateNumberOfMessagesVisible(), source.numberOfMessagesReceived(),
                        source.numberOfEmptyReceives(), source.numberOfMessagesMovedToDeadLetterQueue(),
                        target.approximateNumberOfMessagesVisible(), target.numberOfMessagesSent()),
                "source: visible, received, empty receives, moved; dead-letter queue: visible, sent");
    }

    @Test
    void aQueueThatDoesNotExistHasNoStatistics() {
        String url = service.createQueue("gone", Map.of());
        service.deleteQueue(url);

        QueueServiceException e = assertThrows(QueueServiceException.class, () -> statistics.statistics(url));
        assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
    }

    @Test
    void countersStartAgainWhenTheStoreIsOpenedAgain(@TempDir Path dir) {
        String storeUrl = backend().durableStoreUrl(dir);
        try (QueueService first = QueueServices.open(storeUrl, clock)) {
            String url = first.createQueue("kept", Map.of());
            first.sendMessage(SendMessageRequest.of(url, "a"));
            first.sendMessage(SendMessageRequest.of(url, "b"));
        }
        try (QueueService again = QueueServices.open(storeUrl, clock)) {
            Snapshot s = backend().capability(again, QueueStatistics.class).statistics(again.getQueueUrl("kept"));
            assertEquals(List.of(2L, 0L), List.of(s.approximateNumberOfMessagesVisible(), s.numberOfMessagesSent()),
                    "visible, sent");
        }
    }
}
