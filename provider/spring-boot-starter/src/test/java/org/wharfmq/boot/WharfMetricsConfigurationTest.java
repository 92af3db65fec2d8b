package org.wharfmq.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.wharfmq.jms.management.WharfMetrics;

class WharfMetricsConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class, MetricsAutoConfiguration.class,
                    CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class))
            .withPropertyValues("wharf.url=wharf:memory:" + UUID.randomUUID(),
                    "wharf.queues.orders.VisibilityTimeout=60", "wharf.queues.audit.DelaySeconds=1");

    @Test
    void bootBindsWharfsMetersToTheRegistry() {
        runner.run(context -> {
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry).isInstanceOf(SimpleMeterRegistry.class);
            assertThat(registry.get("wharf.queues").gauge().value()).isEqualTo(2.0);
            assertThat(registry.find(WharfMetrics.PREFIX + "ApproximateNumberOfMessagesVisible")
                    .tag("queue", "orders").gauge()).isNotNull();
        });
    }

    @Test
    void noBinderWithoutMicrometer() {
        runner.withClassLoader(new FilteredClassLoader(MeterBinder.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("wharfMetrics"));
    }
}
