package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageOptions.Options;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.testing.ManualClock;

/** Per-message priority, expiration and millisecond delay. */
public abstract class MessageOptionsContract {
    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private MessageOptions options;
    private String url;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(MessageOptions.class);
        service = QueueServices.open(backend().storeUrl("options"), clock);
        options = backend().capability(service, MessageOptions.class);
        url = service.createQueue("orders", Map.of());
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private void send(String body, Options o) {
        options.sendMessage(SendMessageRequest.of(url, body), o);
    }

    private static Options priority(int p) {
        return new Options(p, 0, -1);
    }

    private List<String> receiveBodies(String queueUrl) {
        return service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10)).stream().map(ReceivedMessage::body)
                .toList();
    }

    @Test
    void higherPriorityIsReceivedFirstOnAStandardQueue() {
        send("low", priority(1));
        send("high", priority(9));
        send("default", Options.DEFAULT);
        send("high-later", priority(9));
        send("lowest", priority(0));

        assertEquals(List.of("high", "high-later", "default", "low", "lowest"), receiveBodies(url));
    }

    @Test
    void receivedMessageCarriesItsPriorityAndExpiration() {
        long expires = clock.millis() + 10_000;
        send("a", new Options(7, expires, -1));

        ReceivedMessage got = service.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);

        assertEquals(7, got.priority());
        assertEquals(expires, got.expirationTime());
    }

    @Test
    void fifoQueueKeepsGroupOrderWhateverThePriority() {
        String fifo = service.createQueue("orders.fifo", Map.of());
        options.sendMessage(SendMessageRequest.fifo(fifo, "first", "g", "d1"), priority(0));
        options.sendMessage(SendMessageRequest.fifo(fifo, "second", "g", "d2"), priority(9));

        assertEquals(List.of("first", "second"), receiveBodies(fifo));
    }

    @Test
    void priorityOutsideZeroToNineIsRejected() {
        for (int p : new int[] {-1, 10}) {
            QueueServiceException e = assertThrows(QueueServiceException.class, () -> send("a", priority(p)));
            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code(), "priority " + p);
        }
        assertEquals(List.of(), receiveBodies(url));
    }

    @Test
    void messageIsDeliveredUntilItsExpirationTime() {
        send("a", new Options(4, clock.millis() + 10_000, -1));
        clock.advance(Duration.ofMillis(9_999));

        assertEquals(List.of("a"), receiveBodies(url));
    }

    @Test
    void messageIsDroppedAfterItsExpirationTime() {
        send("a", new Options(4, clock.millis() + 10_000, -1));
        send("b", Options.DEFAULT);
        clock.advanceSeconds(11);

        assertEquals(List.of("b"), receiveBodies(url));
        assertEquals("0", service.getQueueAttributes(url, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages"));
    }

    @Test
    void expiredInFlightMessageIsNotDeliveredAgain() {
        send("a", new Options(4, clock.millis() + 10_000, -1));
        service.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(5));
        clock.advanceSeconds(11);

        assertEquals(List.of(), receiveBodies(url));
    }

    @Test
    void delayMillisIsAppliedWithMillisecondPrecision() {
        send("a", new Options(4, 0, 1_500));

        clock.advance(Duration.ofMillis(1_499));
        assertEquals(List.of(), receiveBodies(url));
        clock.advance(Duration.ofMillis(1));
        assertEquals(List.of("a"), receiveBodies(url));
    }

    @Test
    void delayMillisOverridesTheRequestsDelaySeconds() {
        options.sendMessage(SendMessageRequest.of(url, "a").withDelaySeconds(60), new Options(4, 0, 0));

        assertEquals(List.of("a"), receiveBodies(url));
    }

    @Test
    void delayMillisOfMinusOneUsesTheQueuesDelaySeconds() {
        service.setQueueAttributes(url, Map.of("DelaySeconds", "2"));
        send("a", Options.DEFAULT);

        clock.advance(Duration.ofMillis(1_999));
        assertEquals(List.of(), receiveBodies(url));
        clock.advance(Duration.ofMillis(1));
        assertEquals(List.of("a"), receiveBodies(url));
    }

    @Test
    void fifoQueueRejectsAPositiveDelayMillis() {
        String fifo = service.createQueue("orders.fifo", Map.of());

        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> options.sendMessage(SendMessageRequest.fifo(fifo, "a", "g", "d1"), new Options(4, 0, 1)));

        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertEquals(List.of(), receiveBodies(fifo));
    }

    @Test
    void fifoQueueAcceptsAZeroDelayMillis() {
        String fifo = service.createQueue("orders.fifo", Map.of());

        options.sendMessage(SendMessageRequest.fifo(fifo, "a", "g", "d1"), new Options(4, 0, 0));

        assertEquals(List.of("a"), receiveBodies(fifo));
    }
}
