package org.wharfmq.samples.boot;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/** At startup places nine orders of three customers and one broken order ({@code orders.demo=false} turns it off). */
@Component
@ConditionalOnBooleanProperty(name = "orders.demo", matchIfMissing = true)
public class DemoOrders implements ApplicationRunner {
    private static final Logger LOG = LoggerFactory.getLogger(DemoOrders.class);

    private final OrderDesk desk;

    public DemoOrders(OrderDesk desk) {
        this.desk = desk;
    }

    @Override
    public void run(ApplicationArguments args) {
        for (String customer : new String[] {"ann", "bob", "cy"}) {
            for (int i = 1; i <= 3; i++) {
                desk.place(customer, customer + "-" + i);
            }
        }
        desk.place("dee", "broken-1");
        LOG.info("Placed 10 orders; listeners are running");
    }
}
