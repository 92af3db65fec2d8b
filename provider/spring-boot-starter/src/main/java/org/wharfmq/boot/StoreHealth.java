package org.wharfmq.boot;

import java.util.LinkedHashMap;
import java.util.Map;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;

/** The store's health as both Boot generations report it: up when it lists its queues, with details. */
record StoreHealth(boolean up, Map<String, Object> details) {

    static StoreHealth of(WharfConnectionFactory factory) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("url", Wharf.printable(factory.getUrl()));
        try {
            details.put("queues", factory.admin().listQueues(null).size());
            return new StoreHealth(true, details);
        } catch (Exception e) {
            details.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
            return new StoreHealth(false, details);
        }
    }
}
