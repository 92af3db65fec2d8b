package org.wharfmq.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(properties = { "orders.demo=false", "spring.jms.template.receive-timeout=5s" })
class OrdersApplicationTest {
    @TempDir
    static Path store;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("wharf.url", () -> "wharf:derby:" + store);
    }

    @Autowired
    OrderDesk desk;
    @Autowired
    OrderBook book;
    @Autowired
    JmsTemplate jms;

    @Test
    void ordersAreProcessedAndReceiptsSent() {
        String order = "order-" + UUID.randomUUID();
        desk.place("ann", order);
        await().atMost(Duration.ofSeconds(60)).until(() -> book.processed().contains(order));
        assertThat(jms.receiveAndConvert("receipts")).isEqualTo("receipt for " + order);
    }

    @Test
    void aBrokenOrderEndsInTheDeadLetterQueue() {
        String order = "broken-" + UUID.randomUUID();
        desk.place("dee", order);
        await().atMost(Duration.ofSeconds(60)).until(() -> book.deadLettered().contains(order));
        assertThat(book.processed()).doesNotContain(order);
    }
}
