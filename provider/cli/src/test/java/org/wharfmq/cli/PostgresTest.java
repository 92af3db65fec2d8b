package org.wharfmq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.postgres.testing.PostgresServer;

/** The tool on a PostgreSQL store that an application holds open meanwhile: both see one set of queues. */
class PostgresTest {
    private static final String SECRET = "pg-secret-" + System.nanoTime();
    private String url;
    private QueueService application;

    @BeforeEach
    void open() {
        url = PostgresServer.shared().storeUrl("cli") + "&dbPassword=" + SECRET;
        application = QueueServices.open(url);
    }

    @AfterEach
    void close() {
        application.close();
    }

    private Tool.Result wharf(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--url";
        all[args.length + 1] = url;
        Tool.Result r = Tool.run(all);
        assertFalse(r.all().contains(SECRET), r.all());
        return r;
    }

    @Test
    void theToolReachesTheQueuesAnApplicationHoldsOpen() {
        String queue = application.createQueue("orders", Map.of());
        application.sendMessage(SendMessageRequest.of(queue, "from the application"));

        Tool.Result queues = wharf("queues", "-o", "json").exits(0);
        assertTrue(queues.json().get("store").asText().contains("dbPassword=***"), queues.out());
        assertEquals(1, queues.json().get("queues").get(0).get("visible").asLong(), queues.out());
        assertTrue(wharf("browse", "orders").exits(0).out().contains("from the application"));

        wharf("send", "orders", "from the tool").exits(0);
        List<String> bodies = application.receiveMessage(ReceiveMessageRequest.of(queue, 10)).stream()
                .map(m -> m.body()).sorted().toList();
        assertEquals(List.of("from the application", "from the tool"), bodies);
    }

    @Test
    void aMoveTaskStartedByTheToolWithoutWaitingGoesOnInTheApplicationsStore() {
        String dlq = application.createQueue("orders-dlq", Map.of());
        application.createQueue("orders", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"orders-dlq\",\"maxReceiveCount\":\"1\"}"));
        application.sendMessage(SendMessageRequest.of(dlq, "parked"));

        String handle = wharf("move", "orders-dlq", "--to", "orders", "--no-wait").exits(0).out().trim();
        assertFalse(handle.isEmpty());
        assertTrue(wharf("tasks", "orders-dlq").exits(0).out().contains(handle));
    }
}
