package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageOptions.Options;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/**
 * A non-durable send (JMS NON_PERSISTENT) may be kept in memory only, but its message follows the
 * same queue rules as a durable one: order, visibility, redrive, FIFO groups and deduplication.
 */
public abstract class NonDurableSendContract {
    private static final Options NON_DURABLE = new Options(Options.DEFAULT_PRIORITY, 0, -1, false);

    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private MessageOptions options;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(MessageOptions.class);
        service = QueueServices.open(backend().storeUrl("non-durable"), clock);
        options = backend().capability(service, MessageOptions.class);
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private String send(String url, String body) {
        return options.sendMessage(SendMessageRequest.of(url, body), NON_DURABLE).messageId();
    }

    private List<ReceivedMessage> receive(String url, int max) {
        return service.receiveMessage(ReceiveMessageRequest.of(url, max));
    }

    private int count(String url) {
        String name = "ApproximateNumberOfMessages";
        return Integer.parseInt(service.getQueueAttributes(url, List.of(name)).get(name));
    }

    @Test
    void nonDurableMessagesAreDeliveredInOrderOfSending() {
        String url = service.createQueue("events", Map.of());
        send(url, "a");
        send(url, "b");
        send(url, "c");
        assertEquals(List.of("a", "b", "c"), receive(url, 10).stream().map(ReceivedMessage::body).toList());
    }

    @Test
    void aNonDurableMessageComesBackAfterItsVisibilityTimeoutThenGoesToTheDeadLetterQueue() {
        backend().differs(Rules.SERVER_CLOCK);
        String dlq = service.createQueue("events-dlq", Map.of());
        String url = service.createQueue("events", Map.of("VisibilityTimeout", "5", "RedrivePolicy",
                "{\"deadLetterTargetArn\":\"events-dlq\",\"maxReceiveCount\":2}"));
        String id = send(url, "poison");

        ReceivedMessage first = receive(url, 1).get(0);
        assertEquals(1, first.receiveCount());
        clock.advanceSeconds(5);
        ReceivedMessage second = receive(url, 1).get(0);
        assertEquals(List.of(id, 2), List.of(second.messageId(), second.receiveCount()));
        clock.advanceSeconds(5);

        assertTrue(receive(url, 1).isEmpty());
        List<ReceivedMessage> dead = receive(dlq, 1);
        assertEquals(List.of(id, "poison"), List.of(dead.get(0).messageId(), dead.get(0).body()));
    }

    @Test
    void deletingAndPurgingRemoveNonDurableMessages() {
        String url = service.createQueue("events", Map.of());
        for (String body : List.of("a", "b", "c")) {
            send(url, body);
        }
        assertEquals(3, count(url));
        ReceivedMessage a = receive(url, 1).get(0);
        service.deleteMessage(url, a.receiptHandle());
        assertEquals(2, count(url));

        service.purgeQueue(url);
        assertEquals(0, count(url));
        assertTrue(receive(url, 10).isEmpty());
    }

    @Test
    void aFifoGroupKeepsItsOrderAcrossDurableAndNonDurableMessagesAndDeduplicatesBoth() {
        String url = service.createQueue("orders.fifo", Map.of("FifoQueue", "true"));
        options.sendMessage(SendMessageRequest.fifo(url, "1", "g", "d1"), Options.DEFAULT);
        String second = options.sendMessage(SendMessageRequest.fifo(url, "2", "g", "d2"), NON_DURABLE).messageId();
        options.sendMessage(SendMessageRequest.fifo(url, "3", "g", "d3"), Options.DEFAULT);
        assertEquals(second, options.sendMessage(SendMessageRequest.fifo(url, "2 again", "g", "d2"), NON_DURABLE)
                .messageId());

        List<String> got = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ReceivedMessage m = receive(url, 1).get(0);
            got.add(m.body());
            service.deleteMessage(url, m.receiptHandle());
        }
        assertEquals(List.of("1", "2", "3"), got);
        assertTrue(receive(url, 1).isEmpty());
    }
}
