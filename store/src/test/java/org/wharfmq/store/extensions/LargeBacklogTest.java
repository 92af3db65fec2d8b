package org.wharfmq.store.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;

/**
 * A backlog larger than the store keeps of recent bodies in memory (about 40 MiB of 200 KB
 * messages): every message still comes back with its own body and attributes.
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
}
