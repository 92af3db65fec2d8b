package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** Closing a store while one of its long polls is still open on the server loses nothing that poll brings. */
class SqsStoreCloseTest {

    @Test
    void aMessageALongPollBringsAfterItsStoreClosedGoesBackToTheServer() {
        String url = ElasticMq.shared().storeUrl("close");
        String queue;
        try (QueueService first = QueueServices.open(url)) {
            queue = first.createQueue("orders", Map.of());
            FilteredReceive receiver = first.extension(FilteredReceive.class).orElseThrow();
            // Cancelled at its third check: by then its long poll has been sent, and it stays open.
            AtomicInteger checks = new AtomicInteger();
            List<ReceivedMessage> none = receiver.receiveMessage(ReceiveMessageRequest.of(queue, 1), 10_000, null,
                    () -> checks.incrementAndGet() > 2);
            assertEquals(List.of(), none);
        }
        try (QueueService second = QueueServices.open(url)) {
            second.sendMessage(SendMessageRequest.of(queue, "after close"));
            List<ReceivedMessage> got = second.receiveMessage(ReceiveMessageRequest.of(queue, 1).withWaitTimeSeconds(5));
            assertEquals(List.of("after close"), got.stream().map(ReceivedMessage::body).toList());
        }
    }
}
