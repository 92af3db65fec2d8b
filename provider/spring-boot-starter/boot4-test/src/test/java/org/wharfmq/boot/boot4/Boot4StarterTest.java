package org.wharfmq.boot.boot4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import jakarta.jms.ConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jms.autoconfigure.JmsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;
import org.wharfmq.boot.WharfAutoConfiguration;
import org.wharfmq.boot.WharfQueues;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;

/** The starter built against Boot 3.5, in a Boot 4 context. */
class Boot4StarterTest {
    @TempDir
    Path store;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class, JmsAutoConfiguration.class))
                .withPropertyValues("wharf.url=wharf:derby:" + store);
    }

    @Test
    void factoryIsCachedAndBootsTemplateUsesIt() {
        runner().withPropertyValues("spring.jms.cache.session-cache-size=3", "spring.jms.template.priority=7")
                .run(context -> {
                    CachingConnectionFactory caching = (CachingConnectionFactory) context.getBean(ConnectionFactory.class);
                    assertThat(caching.getTargetConnectionFactory()).isInstanceOf(WharfConnectionFactory.class);
                    assertThat(caching.getSessionCacheSize()).isEqualTo(3);
                    JmsTemplate template = context.getBean(JmsTemplate.class);
                    assertThat(template.getConnectionFactory()).isSameAs(caching);
                    assertThat(template.getPriority()).isEqualTo(7);
                });
    }

    @Test
    void declaredQueueReachesTheListener() {
        runner().withUserConfiguration(OrdersListener.class)
                .withPropertyValues("wharf.queues.orders.fifo.ContentBasedDeduplication=true",
                        "wharf.queues.orders.fifo.VisibilityTimeout=60")
                .run(context -> {
                    assertThat(context.getBean(WharfQueues.class).declared())
                            .containsExactly(entry("orders.fifo", QueueAdmin.Declared.CREATED));
                    context.getBean(JmsTemplate.class).convertAndSend("orders.fifo", "order 1", m -> {
                        m.setStringProperty("JMSXGroupID", "customer-42");
                        return m;
                    });
                    assertThat(context.getBean(OrdersListener.class).received.poll(10, TimeUnit.SECONDS))
                            .isEqualTo("order 1");
                });
    }

    @Test
    void healthIsBoot4s() {
        runner().withPropertyValues("wharf.queues.orders.VisibilityTimeout=60").run(context -> {
            Health health = context.getBean("wharfHealthIndicator", HealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("queues", 1);
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class OrdersListener {
        final BlockingQueue<String> received = new LinkedBlockingQueue<>();

        @JmsListener(destination = "orders.fifo")
        void onOrder(String body) {
            received.add(body);
        }
    }
}
