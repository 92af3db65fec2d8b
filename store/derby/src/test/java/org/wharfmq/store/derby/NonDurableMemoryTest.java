package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageOptions.Options;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.Topics;

/** Derby keeps non-durable messages to standard queues and topics in memory only, within a bound. */
class NonDurableMemoryTest {
    private static final Options NON_DURABLE = new Options(Options.DEFAULT_PRIORITY, 0, -1, false);
    /** A body of 100 KiB: ten fill most of a 1 MiB limit. */
    private static final String BIG = "x".repeat(100 * 1024);

    @TempDir
    Path dir;

    private QueueService service;

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private QueueService open(String options) {
        service = QueueServices.open("wharf:derby:" + dir.resolve("store") + options);
        return service;
    }

    private void sendNonDurable(String url, String body) {
        ((MessageOptions) service).sendMessage(SendMessageRequest.of(url, body), NON_DURABLE);
    }

    private int count(String url) {
        String name = "ApproximateNumberOfMessages";
        return Integer.parseInt(service.getQueueAttributes(url, List.of(name)).get(name));
    }

    @Test
    void nonDurableMessagesToAStandardQueueAreGoneAfterAReopenWhileDurableAndFifoOnesStay() {
        open("");
        String url = service.createQueue("events", Map.of());
        String fifo = service.createQueue("orders.fifo", Map.of("FifoQueue", "true",
                "ContentBasedDeduplication", "true"));
        service.sendMessage(SendMessageRequest.of(url, "durable"));
        sendNonDurable(url, "in memory");
        ((MessageOptions) service).sendMessage(SendMessageRequest.fifo(fifo, "fifo", "g", null), NON_DURABLE);
        assertEquals(2, count(url));
        service.close();

        open("");
        url = service.getQueueUrl("events");
        List<ReceivedMessage> got = service.receiveMessage(ReceiveMessageRequest.of(url, 10));
        assertEquals(List.of("durable"), got.stream().map(ReceivedMessage::body).toList());
        assertEquals("fifo", service.receiveMessage(ReceiveMessageRequest.of(service.getQueueUrl("orders.fifo"), 1))
                .get(0).body());
    }

    @Test
    void aNonDurablePublishReachesEverySubscriptionAndIsNotWritten() {
        open("");
        Topics topics = service.extension(Topics.class).orElseThrow();
        topics.createTopic("prices");
        String a = topics.subscribe("prices", "a", true, null);
        String b = topics.subscribe("prices", "b", true, null);
        topics.publish("prices", SendMessageRequest.of(null, "tick"), NON_DURABLE, null);
        assertEquals(List.of(1, 1), List.of(count(a), count(b)));
        ReceivedMessage fromA = service.receiveMessage(ReceiveMessageRequest.of(a, 1)).get(0);
        service.deleteMessage(a, fromA.receiptHandle());
        assertEquals("tick", service.receiveMessage(ReceiveMessageRequest.of(b, 1)).get(0).body());
        service.close();

        open("");
        assertEquals(List.of(0, 0), List.of(count(a), count(b)));
    }

    @Test
    void aFullMemoryFailsASendAfterItsWaitNamingTheLimitAndStoresNothing() {
        open("?nonDurableMb=1&nonDurableWaitMs=50");
        String url = service.createQueue("events", Map.of());
        int sent = 0;
        QueueServiceException full = null;
        while (full == null && sent < 20) {
            try {
                sendNonDurable(url, BIG);
                sent++;
            } catch (QueueServiceException e) {
                full = e;
            }
        }
        assertTrue(full != null && sent == 10, "sent " + sent + " before the limit");
        assertEquals(ErrorCodes.OVER_LIMIT, full.code());
        assertTrue(full.getMessage().contains("1048576 bytes") && full.getMessage().contains("nonDurableMb"),
                full.getMessage());
        assertEquals(10, count(url));

        // Room comes back as messages leave.
        ReceivedMessage m = service.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
        service.deleteMessage(url, m.receiptHandle());
        sendNonDurable(url, BIG);
        assertEquals(10, count(url));
    }

    @Test
    void aSenderHeldBackByAFullMemoryGoesOnOnceAConsumerTakesAMessage() throws Exception {
        open("?nonDurableMb=1&nonDurableWaitMs=60000");
        String url = service.createQueue("events", Map.of());
        for (int i = 0; i < 10; i++) {
            sendNonDurable(url, BIG);
        }
        AtomicReference<Thread> sender = new AtomicReference<>();
        CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> {
            sender.set(Thread.currentThread());
            sendNonDurable(url, BIG);
        });
        awaitTimedWaiting(sender);
        assertFalse(blocked.isDone());

        ReceivedMessage m = service.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0);
        service.deleteMessage(url, m.receiptHandle());
        blocked.get(10, TimeUnit.SECONDS);
        assertEquals(10, count(url));
    }

    /** Waits until {@code thread} is parked with a timeout, as a held sender is. */
    private static void awaitTimedWaiting(AtomicReference<Thread> thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((thread.get() == null || thread.get().getState() != Thread.State.TIMED_WAITING)
                && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(Thread.State.TIMED_WAITING, thread.get().getState());
    }

    @Test
    void aSenderWaitsWhileTheQueuesActiveConsumersAreBehindAndGoesOnWhenTheyCatchUp() throws Exception {
        open("");
        String url = service.createQueue("events", Map.of());
        for (int i = 0; i < NonDurableMemory.PACE_HIGH + 1; i++) {
            sendNonDurable(url, "m" + i);
        }
        service.receiveMessage(ReceiveMessageRequest.of(url, 1));
        sendNonDurable(url, "last before the backlog is over the mark");
        assertEquals(NonDurableMemory.PACE_HIGH + 1, count(url));

        AtomicReference<Thread> sender = new AtomicReference<>();
        CompletableFuture<Void> held = CompletableFuture.runAsync(() -> {
            sender.set(Thread.currentThread());
            sendNonDurable(url, "held");
        });
        awaitTimedWaiting(sender);
        assertFalse(held.isDone());

        while (count(url) > NonDurableMemory.PACE_LOW) {
            service.receiveMessage(ReceiveMessageRequest.of(url, 10));
        }
        held.get(10, TimeUnit.SECONDS);
    }

    @Test
    void withoutReceivesABacklogDoesNotHoldSendersBack() {
        open("");
        String url = service.createQueue("events", Map.of());
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (int i = 0; i < 10 * NonDurableMemory.PACE_HIGH; i++) {
                sendNonDurable(url, "m" + i);
            }
        });
        assertEquals(10 * NonDurableMemory.PACE_HIGH, count(url));
    }

    @Test
    void purgingADeletedQueuesMessagesGivesTheirMemoryBack() {
        open("?nonDurableMb=1&nonDurableWaitMs=0");
        String url = service.createQueue("events", Map.of());
        for (int i = 0; i < 10; i++) {
            sendNonDurable(url, BIG);
        }
        assertThrows(QueueServiceException.class, () -> sendNonDurable(url, BIG));
        service.deleteQueue(url);
        String other = service.createQueue("other", Map.of());
        for (int i = 0; i < 10; i++) {
            sendNonDurable(other, BIG);
        }
        assertEquals(10, count(other));
    }

    @Test
    void badLimitOptionsAreRefusedNamingTheValueAndCreateNothing() {
        for (String bad : List.of("nonDurableMb=0", "nonDurableMb=lots", "nonDurableWaitMs=-1",
                "nonDurableWaitMs=3600001")) {
            QueueServiceException e = assertThrows(QueueServiceException.class, () -> open("?" + bad));
            service = null;
            assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
            assertTrue(e.getMessage().contains(bad), e.getMessage());
            assertFalse(Files.exists(dir.resolve("store")), bad);
        }
    }
}
