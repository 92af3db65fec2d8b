package org.wharfmq.boot;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.store.QueueServices;

/**
 * Health of the Wharf store (actuator's {@code wharf} component): UP when it lists its queues, DOWN
 * with the reason otherwise; details: the store URL with its secrets hidden, and the queue count.
 */
public class WharfHealthIndicator implements HealthIndicator {
    private final WharfConnectionFactory factory;

    public WharfHealthIndicator(WharfConnectionFactory factory) {
        this.factory = factory;
    }

    @Override
    public Health health() {
        Health.Builder health = new Health.Builder().withDetail("url", QueueServices.redact(factory.getUrl()));
        try {
            return health.up().withDetail("queues", factory.admin().listQueues(null).size()).build();
        } catch (Exception e) {
            return health.down().withDetail("error", e.getClass().getSimpleName() + ": " + e.getMessage()).build();
        }
    }
}
