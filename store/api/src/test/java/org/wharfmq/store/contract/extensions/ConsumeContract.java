package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/** consumeMessage receives and deletes in one durable step. */
public abstract class ConsumeContract {
    private static final BooleanSupplier NOT_CANCELLED = () -> false;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private FilteredReceive receiver;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(FilteredReceive.class);
        // A durable store where the backend has them, for the restart test; else a fresh one.
        service = QueueServices.open(backend().survivesReopen() ? backend().durableStoreUrl(dir.resolve("store"))
                : backend().storeUrl("consume"), clock);
        receiver = backend().capability(service, FilteredReceive.class);
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private List<ReceivedMessage> consume(String url, Predicate<MessageHeaders> filter) {
        return receiver.consumeMessage(ReceiveMessageRequest.of(url, 1), 0, filter, NOT_CANCELLED);
    }

    private int count(String url, String attribute) {
        return Integer.parseInt(service.getQueueAttributes(url, List.of(attribute)).get(attribute));
    }

    private static List<String> bodies(List<ReceivedMessage> got) {
        return got.stream().map(ReceivedMessage::body).toList();
    }

    @Test
    void aConsumedMessageIsNeitherQueuedNorInFlight() {
        String url = service.createQueue("orders", Map.of("VisibilityTimeout", "5"));
        service.sendMessage(SendMessageRequest.of(url, "a"));

        assertEquals(List.of("a"), bodies(consume(url, null)));
        clock.advanceSeconds(60);
        // The delete may still be on its way (it is not waited for).
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (count(url, "ApproximateNumberOfMessagesNotVisible") != 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(0, count(url, "ApproximateNumberOfMessages"));
        assertEquals(0, count(url, "ApproximateNumberOfMessagesNotVisible"));
        assertTrue(service.receiveMessage(ReceiveMessageRequest.of(url, 10)).isEmpty());
    }

    @Test
    void aConsumedMessageStaysGoneAfterARestart() {
        backend().durableStoreUrl(dir.resolve("store")); // skips unless stores survive a reopen
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        service.sendMessage(SendMessageRequest.of(url, "b"));
        assertEquals(List.of("a"), bodies(consume(url, null)));

        service.close();
        open();
        clock.advanceSeconds(60);
        assertEquals(List.of("b"), bodies(service.receiveMessage(ReceiveMessageRequest.of(url, 10))));
    }

    @Test
    void consumeTakesOnlyWhatTheFilterAccepts() {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "blue")
                .withAttributes(Map.of("color", MessageAttributeValue.string("blue"))));
        service.sendMessage(SendMessageRequest.of(url, "red")
                .withAttributes(Map.of("color", MessageAttributeValue.string("red"))));

        Predicate<MessageHeaders> red = v -> v.messageAttributes().containsKey("color")
                && "red".equals(v.messageAttributes().get("color").stringValue());
        assertEquals(List.of("red"), bodies(consume(url, red)));
        assertEquals(List.of("blue"), bodies(service.receiveMessage(ReceiveMessageRequest.of(url, 10))));
    }

    @Test
    void consumingAFifoMessageReleasesItsGroupAtOnce() {
        String url = service.createQueue("orders.fifo", Map.of("FifoQueue", "true"));
        for (String body : List.of("first", "second")) {
            service.sendMessage(new SendMessageRequest(url, body, null, Map.of(), "g1", body));
        }
        assertEquals(List.of("first"), bodies(consume(url, null)));
        assertEquals(List.of("second"), bodies(consume(url, null)));
    }

    @Test
    void aMessageOverItsMaxReceiveCountGoesToTheDeadLetterQueueInsteadOfBeingConsumed() {
        backend().differs(Rules.SERVER_CLOCK);
        String dlq = service.createQueue("orders-dlq", Map.of());
        String url = service.createQueue("orders", Map.of("VisibilityTimeout", "5", "RedrivePolicy",
                "{\"deadLetterTargetArn\":\"orders-dlq\",\"maxReceiveCount\":1}"));
        service.sendMessage(SendMessageRequest.of(url, "poison"));
        assertEquals(1, service.receiveMessage(ReceiveMessageRequest.of(url, 1)).size());
        clock.advanceSeconds(5);

        assertTrue(consume(url, null).isEmpty());
        assertEquals(List.of("poison"), bodies(consume(dlq, null)));
    }
}
