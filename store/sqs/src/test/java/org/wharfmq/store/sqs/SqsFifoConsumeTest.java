package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;

/**
 * Consuming receives on a FIFO queue share what one ReceiveMessage brought: a group's messages still
 * come in order, and never while an earlier one of the group is in flight with another receiver.
 */
class SqsFifoConsumeTest {
    private static final int PER_GROUP = 5;

    @Test
    void consumingReceivesTakeEachGroupInOrder() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("fifo"))) {
            String url = fill(s);
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            Map<String, List<String>> seen = new LinkedHashMap<>();
            for (ReceivedMessage m : drain(f, url)) {
                seen.computeIfAbsent(m.messageGroupId(), g -> new ArrayList<>()).add(m.body());
            }
            assertEquals(Map.of("a", bodies("a"), "b", bodies("b")), seen);
        }
    }

    @Test
    void aGroupInFlightWithAnotherReceiverIsNotConsumedPastIt() {
        try (QueueService s = QueueServices.open(ElasticMq.shared().storeUrl("fifo"))) {
            String url = fill(s);
            FilteredReceive f = s.extension(FilteredReceive.class).orElseThrow();
            ReceivedMessage first = consumeOne(f, url);
            assertEquals("a-1", first.body());
            List<ReceivedMessage> inFlight = s.receiveMessage(ReceiveMessageRequest.of(url, 1));
            Set<String> held = new HashSet<>();
            inFlight.forEach(m -> held.add(m.messageGroupId()));
            for (ReceivedMessage m : drain(f, url)) {
                assertFalse(held.contains(m.messageGroupId()), () -> m.body() + " was consumed while "
                        + inFlight.stream().map(ReceivedMessage::body).toList() + " were in flight");
            }
        }
    }

    private static String fill(QueueService s) {
        String url = s.createQueue("orders.fifo", Map.of("FifoQueue", "true"));
        for (int i = 1; i <= PER_GROUP; i++) {
            for (String g : List.of("a", "b")) {
                s.sendMessage(new SendMessageRequest(url, g + "-" + i, null, null, g, g + i));
            }
        }
        return url;
    }

    private static List<String> bodies(String group) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= PER_GROUP; i++) {
            out.add(group + "-" + i);
        }
        return out;
    }

    private static ReceivedMessage consumeOne(FilteredReceive f, String url) {
        List<ReceivedMessage> got = f.consumeMessage(ReceiveMessageRequest.of(url, 1), 2_000, null, () -> false);
        assertEquals(1, got.size(), "one message");
        return got.get(0);
    }

    /** Consumes one at a time until a receive waiting 1 s finds nothing. */
    private static List<ReceivedMessage> drain(FilteredReceive f, String url) {
        List<ReceivedMessage> out = new ArrayList<>();
        while (true) {
            List<ReceivedMessage> got = f.consumeMessage(ReceiveMessageRequest.of(url, 1), 1_000, null, () -> false);
            if (got.isEmpty()) {
                assertTrue(out.size() <= 2 * PER_GROUP);
                return out;
            }
            out.addAll(got);
        }
    }
}
