package org.wharfmq.samples.boot;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;

/**
 * A Spring Boot app on Wharf: orders go to a FIFO queue grouped by customer, a transacted listener
 * processes them and sends a receipt, and an order it cannot process goes to the dead-letter queue
 * after three tries. Queues and listeners are configured in application.properties.
 */
@SpringBootApplication
public class OrdersApplication {
    private static final Logger LOG = LoggerFactory.getLogger(OrdersApplication.class);

    public static void main(String[] args) {
        SpringApplication.run(OrdersApplication.class, args);
    }

    @EventListener(ContextClosedEvent.class)
    public void stopping() {
        LOG.info("Orders app stopping");
    }
}
