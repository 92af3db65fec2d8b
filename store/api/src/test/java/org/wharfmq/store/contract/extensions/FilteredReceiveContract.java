package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageAttributeValue;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.testing.ManualClock;

/** A filtered receive takes only the messages its filter accepts and leaves the rest in place. */
public abstract class FilteredReceiveContract {
    private static final Predicate<MessageHeaders> RED = color("red");
    private static final BooleanSupplier NOT_CANCELLED = () -> false;

    private final ManualClock clock = new ManualClock();
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private QueueService service;
    private FilteredReceive filtered;
    private String url;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(FilteredReceive.class);
        service = QueueServices.open(backend().storeUrl("filtered"), clock);
        filtered = backend().capability(service, FilteredReceive.class);
        url = service.createQueue("orders", Map.of());
    }

    @AfterEach
    void close() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        if (service != null) {
            service.close();
        }
    }

    private static Predicate<MessageHeaders> color(String color) {
        return v -> {
            MessageAttributeValue a = v.messageAttributes().get("color");
            return a != null && color.equals(a.stringValue());
        };
    }

    private static SendMessageRequest colored(SendMessageRequest request, String color) {
        return request.withAttributes(Map.of("color", MessageAttributeValue.string(color)));
    }

    private void send(String body, String color) {
        service.sendMessage(colored(SendMessageRequest.of(url, body), color));
    }

    /** A filtered receive of up to 10 that is never cancelled. */
    private List<ReceivedMessage> receive(String queueUrl, long waitMillis, Predicate<MessageHeaders> filter) {
        return filtered.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10), waitMillis, filter, NOT_CANCELLED);
    }

    /** The receive's result, or a failure naming how long it kept waiting. */
    private static List<ReceivedMessage> within(long seconds, Future<List<ReceivedMessage>> receive)
            throws Exception {
        try {
            return receive.get(seconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the receive was still waiting " + seconds + " s later", e);
        }
    }

    private static List<String> bodies(List<ReceivedMessage> messages) {
        return messages.stream().map(ReceivedMessage::body).toList();
    }

    /** A filter for red that counts down {@code sawBlue} once it has looked at a blue message. */
    private static Predicate<MessageHeaders> redNoticingBlue(CountDownLatch sawBlue) {
        Predicate<MessageHeaders> blue = color("blue");
        return v -> {
            if (blue.test(v)) {
                sawBlue.countDown();
            }
            return RED.test(v);
        };
    }

    @Test
    void onlyMatchingMessagesAreReceived() {
        send("r1", "red");
        send("b1", "blue");
        send("r2", "red");

        assertEquals(List.of("r1", "r2"), bodies(receive(url, 0, RED)));
    }

    @Test
    void nonMatchingMessagesStayInOrder() {
        send("b1", "blue");
        send("r1", "red");
        send("b2", "blue");
        send("r2", "red");
        send("b3", "blue");

        receive(url, 0, RED);

        assertEquals(List.of("b1", "b2", "b3"), bodies(service.receiveMessage(ReceiveMessageRequest.of(url, 10))));
    }

    @Test
    void waitMillisWakesOnMatchingSendFromAnotherThread() throws Exception {
        send("b1", "blue");
        CountDownLatch sawBlue = new CountDownLatch(1);
        Future<List<ReceivedMessage>> waiting = pool.submit(
                () -> receive(url, 60_000, redNoticingBlue(sawBlue)));
        // Once the filter has rejected b1 the receiver has found nothing and goes on to wait.
        assertTrue(sawBlue.await(10, TimeUnit.SECONDS));

        send("r1", "red");

        // Far less than the 60 s wait: the send must wake the receiver.
        assertEquals(List.of("r1"), bodies(within(10, waiting)));
    }

    @Test
    void matchingSendWhileTheFilterRunsStillEndsTheWait() throws Exception {
        send("b1", "blue");
        CountDownLatch sawBlue = new CountDownLatch(1);
        CountDownLatch redSent = new CountDownLatch(1);
        Predicate<MessageHeaders> blue = color("blue");
        Predicate<MessageHeaders> slowFilter = v -> {
            if (blue.test(v) && sawBlue.getCount() > 0) {
                sawBlue.countDown();
                // Keep this evaluation going until the matching send has returned (at most 5 s,
                // in case the store holds a lock that the send needs).
                try {
                    redSent.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return RED.test(v);
        };
        Future<List<ReceivedMessage>> waiting = pool.submit(
                () -> receive(url, 60_000, slowFilter));
        assertTrue(sawBlue.await(10, TimeUnit.SECONDS));

        send("r1", "red");
        redSent.countDown();

        assertEquals(List.of("r1"), bodies(within(15, waiting)));
    }

    @Test
    void waitMillisBoundsTheWaitWhenNothingMatches() {
        send("b1", "blue");
        long start = System.nanoTime();

        List<ReceivedMessage> got = receive(url, 200, RED);

        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(List.of(), got);
        assertTrue(waitedMillis >= 190, "returned after " + waitedMillis + " ms");
        assertTrue(waitedMillis < 10_000, "returned after " + waitedMillis + " ms");
    }

    @Test
    void interruptEndsTheWaitWithTheFlagSet() throws Exception {
        send("b1", "blue");
        CountDownLatch sawBlue = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<List<ReceivedMessage>> result = new AtomicReference<>();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread receiver = new Thread(() -> {
            result.set(receive(url, 60_000, redNoticingBlue(sawBlue)));
            interrupted.set(Thread.currentThread().isInterrupted());
            done.countDown();
        }, "filtered-receiver");
        receiver.start();
        try {
            assertTrue(sawBlue.await(10, TimeUnit.SECONDS));

            receiver.interrupt();

            assertTrue(done.await(10, TimeUnit.SECONDS), "the interrupt did not end the wait");
            assertEquals(List.of(), result.get());
            assertTrue(interrupted.get(), "the interrupt flag is kept");
        } finally {
            receiver.interrupt();
            receiver.join(10_000);
        }
    }

    @Test
    void wakeUpEndsACancelledWait() throws Exception {
        send("b1", "blue");
        CountDownLatch sawBlue = new CountDownLatch(1);
        AtomicBoolean cancelled = new AtomicBoolean();
        Future<List<ReceivedMessage>> waiting = pool.submit(() -> filtered.receiveMessage(
                ReceiveMessageRequest.of(url, 10), 60_000, redNoticingBlue(sawBlue), cancelled::get));
        assertTrue(sawBlue.await(10, TimeUnit.SECONDS));

        cancelled.set(true);
        filtered.wakeUp(url);

        assertEquals(List.of(), within(10, waiting));
    }

    @Test
    void fifoFilteredReceiveNeverOvertakesAGroupsFirstMessage() {
        String fifo = service.createQueue("orders.fifo", Map.of("ContentBasedDeduplication", "true"));
        service.sendMessage(colored(SendMessageRequest.fifo(fifo, "g-blue", "g", null), "blue"));
        service.sendMessage(colored(SendMessageRequest.fifo(fifo, "g-red", "g", null), "red"));
        service.sendMessage(colored(SendMessageRequest.fifo(fifo, "h-red", "h", null), "red"));

        List<ReceivedMessage> got = receive(fifo, 0, RED);

        assertEquals(List.of("h-red"), bodies(got));
    }
}
