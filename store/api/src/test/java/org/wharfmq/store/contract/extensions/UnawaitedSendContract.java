package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageOptions.Options;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;

/** A send with awaitDurable false returns at once; its message is delivered and written all the same. */
public abstract class UnawaitedSendContract {
    private static final Options UNAWAITED = new Options(Options.DEFAULT_PRIORITY, 0, -1, false);

    @TempDir
    Path dir;

    private QueueService service;
    private String url;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(MessageOptions.class, FilteredReceive.class);
        service = QueueServices.open(backend().durableStoreUrl(dir.resolve("store")));
        url = service.createQueue("events", Map.of());
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private void sendUnawaited(String... bodies) {
        MessageOptions options = backend().capability(service, MessageOptions.class);
        for (String body : bodies) {
            options.sendMessage(SendMessageRequest.of(url, body), UNAWAITED);
        }
    }

    /** Long-polls until {@code n} messages came or 10 s passed. */
    private List<String> receive(int n) {
        FilteredReceive receiver = backend().capability(service, FilteredReceive.class);
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 10_000;
        while (got.size() < n && System.currentTimeMillis() < deadline) {
            for (ReceivedMessage m : receiver.receiveMessage(ReceiveMessageRequest.of(url, 10), 1000, null, () -> false)) {
                got.add(m.body());
            }
        }
        return got;
    }

    @Test
    void anUnawaitedSendIsDeliveredInOrderOfSending() {
        sendUnawaited("a", "b", "c");
        assertEquals(List.of("a", "b", "c"), receive(3));
    }

    @Test
    void anUnawaitedSendIsWrittenBeforeTheStoreCloses() {
        sendUnawaited("a", "b");
        service.close();
        open();
        url = service.getQueueUrl("events");
        assertEquals(List.of("a", "b"), receive(2));
    }

    @Test
    void aFloodOfUnawaitedSendsIsAllWrittenBeforeTheStoreCloses() {
        String[] bodies = new String[20_000];
        for (int i = 0; i < bodies.length; i++) {
            bodies[i] = "m" + i;
        }
        sendUnawaited(bodies);
        service.close();
        open();
        url = service.getQueueUrl("events");
        Map<String, String> attributes = service.getQueueAttributes(url, List.of("ApproximateNumberOfMessages"));
        assertEquals("20000", attributes.get("ApproximateNumberOfMessages"));
    }
}
