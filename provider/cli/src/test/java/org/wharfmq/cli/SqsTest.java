package org.wharfmq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** The tool on an SQS store (an embedded ElasticMQ): the commands that SQS allows, browse refused. */
class SqsTest {
    private static final String SECRET = "sqs-secret-" + System.nanoTime();
    private static ElasticMq server;
    private static String url;

    @BeforeAll
    static void start() {
        server = ElasticMq.start();
        url = server.storeUrl("cli").replace("secretAccessKey=x", "secretAccessKey=" + SECRET);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Tool.Result wharf(String... args) {
        String[] all = Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--url";
        all[args.length + 1] = url;
        Tool.Result r = Tool.run(all);
        assertFalse(r.all().contains(SECRET), r.all());
        return r;
    }

    @Test
    void queuesSendReceiveAndBrowseRefused() {
        wharf("declare", "orders", "--yes").exits(0);
        String id = wharf("send", "orders", "hello", "-p", "color=blue").exits(0).out().trim();
        wharf("send", "orders", "world").exits(0);

        Tool.Result queues = wharf("queues", "-o", "json").exits(0);
        assertTrue(queues.json().get("store").asText().contains("secretAccessKey=***"), queues.out());
        JsonNode orders = null;
        for (JsonNode q : queues.json().get("queues")) {
            if (q.get("name").asText().equals("orders")) {
                orders = q;
            }
        }
        assertEquals(2, orders.get("visible").asLong(), queues.out());
        assertEquals(-1, orders.get("oldestAgeSeconds").asLong());
        assertTrue(wharf("queues").exits(0).out().lines().anyMatch(l -> l.matches("orders\\s+2\\s+0\\s+0\\s+-\\s+-")));

        Tool.Result browse = wharf("browse", "orders").exits(1);
        assertTrue(browse.err().startsWith("wharf: ") && browse.err().contains("Browsing")
                && browse.err().contains("orders"), browse.err());
        assertEquals("", browse.out());

        JsonNode received = wharf("receive", "orders", "--max", "10", "--wait", "1", "-o", "json").exits(0).json();
        JsonNode first = received.get("messages").get(0);
        assertEquals(id, first.get("messageId").asText());
        assertEquals("hello", first.get("bodyPreview").asText());
        assertEquals("blue", first.get("properties").get("color").asText());
    }
}
