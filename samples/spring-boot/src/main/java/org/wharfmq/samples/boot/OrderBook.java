package org.wharfmq.samples.boot;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.stereotype.Component;

/** What the app has done with the orders: processed, or moved to the dead-letter queue. */
@Component
public class OrderBook {
    private final List<String> processed = new CopyOnWriteArrayList<>();
    private final List<String> deadLettered = new CopyOnWriteArrayList<>();

    void processed(String order) {
        processed.add(order);
    }

    void deadLettered(String order) {
        deadLettered.add(order);
    }

    public List<String> processed() {
        return List.copyOf(processed);
    }

    public List<String> deadLettered() {
        return List.copyOf(deadLettered);
    }
}
