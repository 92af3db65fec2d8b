package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.testing.ManualClock;

/** Browsing reads visible messages in delivery order and changes nothing. */
public abstract class BrowsingContract {
    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private Browsing browsing;
    private String url;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(Browsing.class);
        service = QueueServices.open(backend().storeUrl("browsing"), clock);
        browsing = backend().capability(service, Browsing.class);
        url = service.createQueue("orders", Map.of());
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private void send(String body) {
        service.sendMessage(SendMessageRequest.of(url, body));
    }

    private void send(String body, int priority) {
        backend().capability(service, MessageOptions.class).sendMessage(SendMessageRequest.of(url, body),
                new MessageOptions.Options(priority, 0, -1));
    }

    private List<String> browseBodies() {
        return browsing.browse(url, null, 100).stream().map(ReceivedMessage::body).toList();
    }

    private List<String> receiveBodies() {
        return service.receiveMessage(ReceiveMessageRequest.of(url, 10)).stream().map(ReceivedMessage::body)
                .toList();
    }

    private Map<String, String> counts() {
        return service.getQueueAttributes(url, List.of("ApproximateNumberOfMessages",
                "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed"));
    }

    @Test
    void browseReturnsMessagesInDeliveryOrder() {
        send("a");
        send("b");
        send("c");

        assertEquals(List.of("a", "b", "c"), browseBodies());
        assertEquals(browseBodies(), receiveBodies());
    }

    @Test
    void browseFollowsPriorityOrder() {
        send("low", 1);
        send("high", 9);
        send("normal", 4);
        send("high-later", 9);

        List<String> browsed = browseBodies();

        assertEquals(List.of("high", "high-later", "normal", "low"), browsed);
        assertEquals(browsed, receiveBodies());
    }

    @Test
    void browseLeavesOutInFlightAndDelayedMessages() {
        send("in-flight");
        service.receiveMessage(ReceiveMessageRequest.of(url, 1));
        service.sendMessage(SendMessageRequest.of(url, "delayed").withDelaySeconds(60));
        send("visible");

        assertEquals(List.of("visible"), browseBodies());
    }

    @Test
    void browseChangesNoCounts() {
        send("a");
        send("b");
        Map<String, String> before = counts();

        browseBodies();

        assertEquals(before, counts());
    }

    @Test
    void browseDoesNotCountAsAReceive() {
        send("a");

        ReceivedMessage browsed = browsing.browse(url, null, 10).get(0);
        browsing.browse(url, null, 10);

        assertEquals(0, browsed.receiveCount());
        assertNull(browsed.receiptHandle());
        assertEquals(1, service.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0).receiveCount());
    }

    @Test
    void browseAppliesTheFilter() {
        for (String[] m : new String[][] {{"r1", "red"}, {"b1", "blue"}, {"r2", "red"}, {"b2", "blue"}}) {
            service.sendMessage(SendMessageRequest.of(url, m[0])
                    .withAttributes(Map.of("color", MessageAttributeValue.string(m[1]))));
        }

        List<ReceivedMessage> red = browsing.browse(url,
                v -> "red".equals(v.messageAttributes().get("color").stringValue()), 100);

        assertEquals(List.of("r1", "r2"), red.stream().map(ReceivedMessage::body).toList());
    }

    @Test
    void browseReturnsAtMostMax() {
        send("a");
        send("b");
        send("c");

        assertEquals(List.of("a", "b"),
                browsing.browse(url, null, 2).stream().map(ReceivedMessage::body).toList());
    }
}
