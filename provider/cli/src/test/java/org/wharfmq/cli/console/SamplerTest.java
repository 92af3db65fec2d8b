package org.wharfmq.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wharfmq.cli.console.TestConsole.await;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wharfmq.cli.Secrets;
import org.wharfmq.jms.management.QueueRow;
import org.wharfmq.jms.management.StoreMXBean;

/** The sampler's rates, history and failures, on a store whose rows and counters the test sets. */
class SamplerTest {
    private final List<QueueRow> rows = new ArrayList<>();
    private final Map<String, Map<String, Long>> counters = new HashMap<>();
    private RuntimeException failure;

    private final StoreMXBean store = (StoreMXBean) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {StoreMXBean.class}, (proxy, method, args) -> {
                if (failure != null) {
                    throw failure;
                }
                return switch (method.getName()) {
                    case "listQueueRows" -> List.copyOf(rows);
                    case "queueStatistics" -> Map.copyOf(counters.get((String) args[0]));
                    default -> throw new UnsupportedOperationException(method.getName());
                };
            });

    private void queue(String name, long visible, long sent, long received, long deleted) {
        rows.removeIf(r -> r.getName().equals(name));
        rows.add(new QueueRow(name, false, visible, false, 0, 0, 0, "", 0));
        counters.put(name, Map.of(Sampler.SENT, sent, Sampler.RECEIVED, received, Sampler.DELETED, deleted));
    }

    private static Sampler.QueueState only(Sampler sampler) {
        assertEquals(1, sampler.latest().queues().size());
        return sampler.latest().queues().get(0);
    }

    @Test
    void ratesAreCounterDeltasAndNeedTwoReadings() {
        try (Sampler sampler = new Sampler(store, "wharf:memory:s",
                Duration.ofSeconds(2), Duration.ofMinutes(10), Secrets::redact)) {
            queue("orders", 5, 100, 40, 40);
            sampler.sample();
            assertNull(only(sampler).sentPerSecond(), "no earlier reading");

            queue("orders", 15, 110, 40, 40);
            sampler.sample();
            Sampler.QueueState q = only(sampler);
            assertEquals(15, q.visible());
            assertTrue(q.sentPerSecond() > 0, q.toString());
            assertEquals(0.0, q.receivedPerSecond());
            assertEquals(2, sampler.history("orders").size());
        }
    }

    @Test
    void aCounterTheBackendLacksOrThatWentBackGivesNoRate() {
        try (Sampler sampler = new Sampler(store, "wharf:memory:s",
                Duration.ofSeconds(2), Duration.ofMinutes(10), Secrets::redact)) {
            queue("orders", 5, 100, -1, 40);
            sampler.sample();
            queue("orders", 5, 101, -1, 3);
            sampler.sample();
            Sampler.QueueState q = only(sampler);
            assertTrue(q.sentPerSecond() > 0);
            assertNull(q.receivedPerSecond(), "-1: the backend has no such counter");
            assertNull(q.deletedPerSecond(), "the counter went back: the store was opened again");
        }
    }

    @Test
    void aFailedReadingKeepsTheLastQueuesAndNamesTheStore() {
        try (Sampler sampler = new Sampler(store, "wharf:sqs:http://127.0.0.1:1?secretAccessKey=***",
                Duration.ofSeconds(2), Duration.ofMinutes(10), Secrets::redact)) {
            queue("orders", 5, 0, 0, 0);
            sampler.sample();
            long read = sampler.latest().sampledAt();

            failure = new UndeclaredThrowableException(new IOException("Connection refused"));
            sampler.sample();
            assertEquals("The queues of store wharf:sqs:http://127.0.0.1:1?secretAccessKey=*** cannot be read: "
                    + "Connection refused", sampler.latest().error());
            assertEquals(read, sampler.latest().sampledAt());
            assertEquals(5, only(sampler).visible());

            failure = null;
            sampler.sample();
            assertEquals("", sampler.latest().error());
        }
    }

    @Test
    void theHistoryKeepsItsWindowAndForgetsADeletedQueue() {
        try (Sampler sampler = new Sampler(store, "wharf:memory:s",
                Duration.ofMillis(100), Duration.ofMillis(300), Secrets::redact)) {
            queue("orders", 1, 0, 0, 0);
            queue("invoices", 1, 0, 0, 0);
            sampler.sample();
            long first = sampler.history("orders").get(0).time();
            await(() -> System.currentTimeMillis() > first + 300, "the window passed");
            queue("orders", 2, 0, 0, 0);
            sampler.sample();
            List<Sampler.Point> kept = sampler.history("orders");
            assertEquals(1, kept.size(), kept.toString());
            assertEquals(2, kept.get(0).visible());

            rows.removeIf(r -> r.getName().equals("invoices"));
            sampler.sample();
            assertEquals(List.of(), sampler.history("invoices"));
        }
    }

    @Test
    void aBadScheduleIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Sampler(store, "wharf:memory:s", Duration.ZERO, Duration.ofMinutes(10), Secrets::redact));
        assertEquals("Bad sampling: every PT0S, keeping PT10M", e.getMessage());
    }
}
