package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.sqs.testing.ElasticMq;
import org.wharfmq.store.sqs.testing.YmqRelay;

/** With {@code pace=ymq} a store keeps within YMQ's 30 requests a second per FIFO queue; without, it does not. */
class SqsRequestPacingTest {
    private static final int THREADS = 3;
    private static final int SENDS = 25;
    private YmqRelay relay;

    @BeforeEach
    void start() {
        relay = YmqRelay.start(ElasticMq.shared());
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    @Test
    void aPacedStoreIsNeverThrottled() throws Exception {
        burst(relay.storeUrl("paced"));
        assertEquals(0, relay.throttled());
    }

    @Test
    void anUnpacedStoreIsThrottledAndItsSendsStillGoThrough() throws Exception {
        burst(relay.storeUrl("unpaced").replace("&pace=ymq", "&pace=off"));
        assertTrue(relay.throttled() > 0, "the relay throttled nothing");
    }

    /** THREADS threads send SENDS messages each to one FIFO queue. */
    private static void burst(String url) throws Exception {
        try (QueueService s = QueueServices.open(url)) {
            String q = s.createQueue("burst.fifo", Map.of("FifoQueue", "true"));
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> sends = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                sends.add(pool.submit(() -> {
                    for (int i = 0; i < SENDS; i++) {
                        s.sendMessage(new SendMessageRequest(q, "m", null, null, "g" + thread, thread + "-" + i));
                    }
                    return null;
                }));
            }
            for (Future<?> f : sends) {
                f.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
        }
    }
}
