package org.wharfmq.store.derby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;

/**
 * On Derby a lease's receive and the delete of a leased message are written by later commits,
 * nobody waiting for them, at the latest at close.
 */
class LeaseRestartTest {
    @TempDir
    Path dir;

    private QueueService service;

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private String open() {
        service = QueueServices.open("wharf:derby:" + dir.resolve("store"));
        return service.createQueue("orders", Map.of());
    }

    private ReceivedMessage lease(String url) {
        return service.extension(FilteredReceive.class).orElseThrow()
                .leaseMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(1), 0, null, () -> false).get(0);
    }

    @Test
    void aLeasedReceiveIsCountedAcrossARestartAndALeasedDeleteIsKept() {
        String url = open();
        service.sendMessage(SendMessageRequest.of(url, "kept"));
        service.sendMessage(SendMessageRequest.of(url, "deleted"));
        assertEquals("kept", lease(url).body());
        service.deleteMessage(url, lease(url).receiptHandle());
        service.close();

        url = open();
        // In flight until its visibility timeout ends, then back with its receive counted.
        List<ReceivedMessage> after = service.receiveMessage(ReceiveMessageRequest.of(url, 10).withWaitTimeSeconds(10));
        assertEquals(List.of("kept/2"), after.stream().map(m -> m.body() + "/" + m.receiveCount()).toList());
        assertTrue(service.receiveMessage(ReceiveMessageRequest.of(url, 10)).isEmpty());
    }
}
