package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.derby.index.BodyCache;

/**
 * Bodies that are not in memory any more, because the backlog outgrew the cache of recent bodies
 * or because the store was reopened, are read back from disk: every message still comes back with
 * its own body and attributes. Derby only: the sizes and gaps aim at {@link BodyCache} and its
 * read-ahead of the bodies stored after a miss.
 */
class LargeBacklogTest {
    private static final int COUNT = 200;
    private static final int SIZE = 200_000;

    private static String body(int i) {
        String mark = "<" + i + ">";
        return mark.repeat(SIZE / mark.length());
    }

    @Test
    void everyBodyOfABacklogBeyondTheCacheIsReceivedIntact() {
        try (QueueService service = QueueServices.open("wharf:memory:backlog-" + UUID.randomUUID())) {
            String url = service.createQueue("big", Map.of());
            for (int i = 0; i < COUNT; i++) {
                service.sendMessage(new SendMessageRequest(url, body(i), null,
                        Map.of("n", MessageAttributeValue.number(Integer.toString(i))), null, null));
            }
            Set<Integer> got = new TreeSet<>();
            for (int polls = 0; got.size() < COUNT && polls < 2 * COUNT; polls++) {
                for (ReceivedMessage m : service.receiveMessage(ReceiveMessageRequest.of(url, 10))) {
                    int n = Integer.parseInt(m.messageAttributes().get("n").stringValue());
                    assertEquals(body(n), m.body(), "body of message " + n);
                    got.add(n);
                    service.deleteMessage(url, m.receiptHandle());
                }
            }
            assertEquals(COUNT, got.size(), "messages received " + got);
        }
    }

    @Test
    void aReopenedQueueWithGapsGivesEveryRemainingBodyIntact(@TempDir Path dir) {
        String store = "wharf:derby:" + dir.resolve("store");
        Set<Integer> kept = new TreeSet<>();
        try (QueueService service = QueueServices.open(store)) {
            String url = service.createQueue("gaps", Map.of());
            for (int i = 0; i < 300; i++) {
                String body = "m" + i + "-" + "x".repeat(i * 37 % 5000);
                service.sendMessage(new SendMessageRequest(url, body, null,
                        Map.of("n", MessageAttributeValue.number(Integer.toString(i))), null, null));
            }
            // Delete every third message, so that the bodies left on disk have gaps between them.
            Set<Integer> seen = new TreeSet<>();
            for (int polls = 0; seen.size() < 300 && polls < 200; polls++) {
                for (ReceivedMessage m : service.receiveMessage(ReceiveMessageRequest.of(url, 10))) {
                    int n = Integer.parseInt(m.messageAttributes().get("n").stringValue());
                    seen.add(n);
                    if (n % 3 == 0) {
                        service.deleteMessage(url, m.receiptHandle());
                    } else {
                        kept.add(n);
                        service.changeMessageVisibility(url, m.receiptHandle(), 0);
                    }
                }
            }
        }
        try (QueueService service = QueueServices.open(store)) {
            String url = service.getQueueUrl("gaps");
            Set<Integer> got = new TreeSet<>();
            for (int polls = 0; got.size() < kept.size() && polls < 200; polls++) {
                for (ReceivedMessage m : service.receiveMessage(ReceiveMessageRequest.of(url, 10))) {
                    int n = Integer.parseInt(m.messageAttributes().get("n").stringValue());
                    assertEquals("m" + n + "-" + "x".repeat(n * 37 % 5000), m.body(), "body of message " + n);
                    got.add(n);
                    service.deleteMessage(url, m.receiptHandle());
                }
            }
            assertEquals(kept, got);
        }
    }
}
