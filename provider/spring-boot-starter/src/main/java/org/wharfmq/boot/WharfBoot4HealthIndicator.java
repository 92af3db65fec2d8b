package org.wharfmq.boot;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.wharfmq.jms.WharfConnectionFactory;

/** {@link WharfHealthIndicator} for Boot 4, whose health types moved to {@code org.springframework.boot.health}. */
public class WharfBoot4HealthIndicator implements HealthIndicator {
    private final WharfConnectionFactory factory;

    public WharfBoot4HealthIndicator(WharfConnectionFactory factory) {
        this.factory = factory;
    }

    @Override
    public Health health() {
        StoreHealth store = StoreHealth.of(factory);
        return (store.up() ? Health.up() : Health.down()).withDetails(store.details()).build();
    }
}
