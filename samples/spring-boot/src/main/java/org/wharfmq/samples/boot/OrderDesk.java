package org.wharfmq.samples.boot;

import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;

/** Places orders on {@code orders.fifo}, one message group per customer so that each customer's orders keep their order. */
@Component
public class OrderDesk {
    private final JmsTemplate jms;

    public OrderDesk(JmsTemplate jms) {
        this.jms = jms;
    }

    public void place(String customer, String order) {
        jms.convertAndSend("orders.fifo", order, m -> {
            m.setStringProperty("JMSXGroupID", customer);
            return m;
        });
    }
}
