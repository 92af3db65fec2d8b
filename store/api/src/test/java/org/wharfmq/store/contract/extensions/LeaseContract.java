package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/** A leased message follows the rules of a received one: in flight, deleted by its handle, or back when released or timed out. */
public abstract class LeaseContract {
    private static final BooleanSupplier NOT_CANCELLED = () -> false;

    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private FilteredReceive filtered;
    private String url;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(FilteredReceive.class);
        service = QueueServices.open(backend().storeUrl("lease"), clock);
        filtered = backend().capability(service, FilteredReceive.class);
        url = service.createQueue("orders", Map.of("VisibilityTimeout", "5"));
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private List<ReceivedMessage> lease() {
        return filtered.leaseMessage(ReceiveMessageRequest.of(url, 1), 0, null, NOT_CANCELLED);
    }

    private int count(String attribute) {
        return Integer.parseInt(service.getQueueAttributes(url, List.of(attribute)).get(attribute));
    }

    @Test
    void aLeasedMessageIsInFlightUntilItsHandleDeletesIt() {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        service.sendMessage(SendMessageRequest.of(url, "b"));
        ReceivedMessage a = lease().get(0);
        assertEquals(List.of("a", 1), List.of(a.body(), a.receiveCount()));
        assertFalse(service.receiveMessage(ReceiveMessageRequest.of(url, 10)).stream()
                .anyMatch(m -> m.body().equals("a")));
        service.deleteMessage(url, a.receiptHandle());
    }

    @Test
    void aLeasedMessageComesBackWhenReleasedOrWhenItsVisibilityTimeoutEnds() {
        backend().differs(Rules.SERVER_CLOCK);
        service.sendMessage(SendMessageRequest.of(url, "a"));
        ReceivedMessage first = lease().get(0);
        service.changeMessageVisibility(url, first.receiptHandle(), 0);
        ReceivedMessage second = lease().get(0);
        assertEquals(List.of(first.messageId(), 2), List.of(second.messageId(), second.receiveCount()));

        assertTrue(lease().isEmpty());
        clock.advanceSeconds(5);
        ReceivedMessage third = lease().get(0);
        assertEquals(3, third.receiveCount());
        service.deleteMessage(url, third.receiptHandle());
        clock.advanceSeconds(5);
        assertTrue(lease().isEmpty());
        assertEquals(0, count("ApproximateNumberOfMessages") + count("ApproximateNumberOfMessagesNotVisible"));
    }
}
