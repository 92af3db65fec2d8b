package org.wharfmq.samples.boot;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;

/**
 * Processes orders in transacted sessions: the receipt it sends and the order it consumes commit
 * together. An order it rejects rolls back and comes again; after three tries the queue's
 * RedrivePolicy moves it to {@code orders-dlq.fifo}.
 */
@Component
public class OrderProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(OrderProcessor.class);

    private final JmsTemplate jms;
    private final OrderBook book;

    public OrderProcessor(JmsTemplate jms, OrderBook book) {
        this.jms = jms;
        this.book = book;
    }

    @JmsListener(destination = "orders.fifo", concurrency = "2-4")
    public void process(String order, Message message) throws JMSException {
        String customer = message.getStringProperty("JMSXGroupID");
        if (order.startsWith("broken")) {
            throw new IllegalArgumentException("cannot process order '" + order + "'");
        }
        jms.convertAndSend("receipts", "receipt for " + order);
        book.processed(order);
        LOG.info("Processed order {} of {}", order, customer);
    }

    @JmsListener(destination = "orders-dlq.fifo")
    public void deadLetter(String order) {
        book.deadLettered(order);
        LOG.info("Order {} is in the dead-letter queue", order);
    }
}
