package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.sqs.testing.ElasticMq;

/**
 * A message is held to its queue's MaximumMessageSize before it is sent, and a batch goes out in
 * requests within it and SendMessageBatch's 1 MiB. ElasticMQ does not show a queue's
 * MaximumMessageSize, so its queues have the SQS API's default, 256 KiB.
 */
class SqsMessageSizeTest {
    private static final int KIB = 1024;

    private static int depth(QueueService s, String url) {
        return Integer.parseInt(s.getQueueAttributes(url, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages"));
    }

    @Test
    void aMessageOverItsQueuesMaximumMessageSizeFailsNamingBothSizesAndIsNotSent() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("size"))) {
            // A FIFO queue: a send there carries no attribute of Wharf's, so the body is the whole size.
            String url = s.createQueue("big.fifo", Map.of("FifoQueue", "true"));
            s.sendMessage(new SendMessageRequest(url, "x".repeat(262_144), null, null, "g", "1"));

            QueueServiceException e = assertThrows(QueueServiceException.class,
                    () -> s.sendMessage(new SendMessageRequest(url, "x".repeat(262_145), null, null, "g", "2")));

            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
            assertTrue(e.getMessage().contains("262145 bytes") && e.getMessage().contains("262144 bytes"),
                    e.getMessage());
            assertEquals(1, depth(s, url));
        }
    }

    @Test
    void aBatchEntryOverTheLimitFailsAloneAndTheOthersAreSent() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("sizeb"))) {
            String url = s.createQueue("big.fifo", Map.of("FifoQueue", "true"));

            BatchResult<SendResult> r = s.sendMessageBatch(url, List.of(fifo("a", 200 * KIB), fifo("huge", 300_000),
                    fifo("b", 200 * KIB), fifo("c", 5)));

            assertEquals(List.of("a", "b", "c"), r.successful().stream().map(SendResult::id).toList());
            BatchResultErrorEntry f = r.failed().get(0);
            assertEquals(List.of("huge", ErrorCodes.INVALID_PARAMETER_VALUE), List.of(f.id(), f.code()));
            assertTrue(f.message().contains("300000 bytes") && f.message().contains("262144 bytes"), f.message());
            assertEquals(3, depth(s, url));
        }
    }

    /** A FIFO batch entry {@code id} of {@code bytes} bytes, in group g, deduplicated by its id. */
    private static SendBatchEntry fifo(String id, int bytes) {
        return new SendBatchEntry(id, "x".repeat(bytes), null, null, "g", id);
    }

    @Test
    void aBatchIsSplitIntoRequestsWithinTheQueuesLimitInOrder() {
        MessageSizes sizes = new MessageSizes(url -> 262_144);
        List<BatchResultErrorEntry> failed = new ArrayList<>();

        List<List<SendBatchEntry>> requests = sizes.split("http://h/1/q", List.of(
                SendBatchEntry.of("a", "x".repeat(100 * KIB)), SendBatchEntry.of("b", "x".repeat(100 * KIB)),
                SendBatchEntry.of("c", "x".repeat(100 * KIB)), SendBatchEntry.of("d", "x".repeat(156 * KIB))),
                failed);

        assertEquals(List.of(List.of("a", "b"), List.of("c", "d")), ids(requests));
        assertEquals(List.of(), failed);
    }

    @Test
    void aBatchOnAOneMibQueueIsSplitWithinOneMibInAll() {
        MessageSizes sizes = new MessageSizes(url -> 1_048_576);
        List<SendBatchEntry> entries = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            entries.add(SendBatchEntry.of("e" + i, "x".repeat(250 * KIB)));
        }

        List<List<SendBatchEntry>> requests = sizes.split("http://h/1/q", entries, new ArrayList<>());

        assertEquals(List.of(4, 4, 2), requests.stream().map(List::size).toList());
    }

    @Test
    void queuesMadeOnAmazonSqsAllowOneMibAndElsewhereTheServersDefault() {
        assertEquals(Map.of("MaximumMessageSize", "1048576"),
                MessageSizes.creationDefaults(URI.create("https://sqs.eu-west-1.amazonaws.com")));
        assertEquals(Map.of(), MessageSizes.creationDefaults(URI.create("https://message-queue.api.cloud.yandex.net")));
        assertEquals(Map.of(), MessageSizes.creationDefaults(URI.create(ElasticMq.shared().endpoint())));
    }

    private static List<List<String>> ids(List<List<SendBatchEntry>> requests) {
        return requests.stream().map(r -> r.stream().map(SendBatchEntry::id).toList()).toList();
    }
}
