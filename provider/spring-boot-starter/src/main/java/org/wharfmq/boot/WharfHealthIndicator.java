package org.wharfmq.boot;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * Health of the Wharf store on Boot 3 (actuator's {@code wharf} component): UP when it lists its
 * queues, DOWN with the reason otherwise; details: the store URL with its secrets hidden, the queue count.
 */
public class WharfHealthIndicator implements HealthIndicator {
    private final WharfConnectionFactory factory;

    public WharfHealthIndicator(WharfConnectionFactory factory) {
        this.factory = factory;
    }

    @Override
    public Health health() {
        StoreHealth store = StoreHealth.of(factory);
        return (store.up() ? Health.up() : Health.down()).withDetails(store.details()).build();
    }
}
