package org.wharfmq.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.core.JmsTemplate;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;

class WharfQueuesTest {
    private static final String DLQ_POLICY = "wharf.queues.orders.fifo.RedrivePolicy="
            + "{\"deadLetterTargetArn\":\"orders-dlq.fifo\",\"maxReceiveCount\":%d}";

    @TempDir
    Path store;

    private ApplicationContextRunner runner() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class, JmsAutoConfiguration.class))
                .withPropertyValues("wharf.url=wharf:derby:" + store);
    }

    @Test
    void queuesAreDeclaredBeforeListenersStart() {
        runner().withUserConfiguration(OrdersListener.class)
                .withPropertyValues("wharf.queues.orders.fifo.VisibilityTimeout=60",
                        "wharf.queues.orders.fifo.ContentBasedDeduplication=true", DLQ_POLICY.formatted(3),
                        "wharf.queues[orders-dlq.fifo].MessageRetentionPeriod=1209600")
                .run(context -> {
                    // A listener's consumer would have created orders.fifo itself: CREATED shows it came first.
                    assertThat(context.getBean(WharfQueues.class).declared()).containsExactly(
                            entry("orders-dlq.fifo", QueueAdmin.Declared.CREATED),
                            entry("orders.fifo", QueueAdmin.Declared.CREATED));
                    QueueAdmin admin = context.getBean("wharfConnectionFactory", WharfConnectionFactory.class).admin();
                    assertThat(admin.getQueueAttributes("orders.fifo"))
                            .containsEntry("VisibilityTimeout", "60").containsEntry("ContentBasedDeduplication", "true");
                    context.getBean(JmsTemplate.class).convertAndSend("orders.fifo", "order 1", m -> {
                        m.setStringProperty("JMSXGroupID", "customer-42");
                        return m;
                    });
                    assertThat(context.getBean(OrdersListener.class).received.poll(10, TimeUnit.SECONDS))
                            .isEqualTo("order 1");
                });
    }

    @Test
    void aChangedRedrivePolicyIsAppliedOnTheNextStart() {
        ApplicationContextRunner runner = runner().withPropertyValues(
                "wharf.queues[orders-dlq.fifo].MessageRetentionPeriod=1209600");
        runner.withPropertyValues(DLQ_POLICY.formatted(3)).run(context -> assertThat(context).hasNotFailed());
        runner.withPropertyValues(DLQ_POLICY.formatted(5)).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(WharfQueues.class).declared())
                    .containsEntry("orders-dlq.fifo", QueueAdmin.Declared.UNCHANGED)
                    .containsEntry("orders.fifo", QueueAdmin.Declared.UPDATED);
            QueueAdmin admin = context.getBean("wharfConnectionFactory", WharfConnectionFactory.class).admin();
            assertThat(admin.getQueueAttributes("orders.fifo").get("RedrivePolicy")).contains("5");
        });
    }

    @Test
    void aBadAttributeFailsStartupNamingQueueAttributeAndValueAndCreatesNothing() {
        runner().withPropertyValues("wharf.queues.orders.VisibilityTimeout=forever").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("forever");
            assertThat(context.getStartupFailure()).hasStackTraceContaining("queue 'orders'")
                    .hasStackTraceContaining("VisibilityTimeout=forever");
        });
        runner().run(context -> assertThat(context.getBean("wharfConnectionFactory", WharfConnectionFactory.class)
                .admin().listQueues(null)).doesNotContain("orders"));
    }

    @Test
    void aStoreThatCannotBeOpenedFailsStartupShowingItsUrlWithoutTheSecret() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class, JmsAutoConfiguration.class))
                .withPropertyValues("wharf.url=wharf:nosuch:x?secretAccessKey=s3cr3t",
                        "wharf.queues.orders.VisibilityTimeout=60")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure())
                            .hasStackTraceContaining("wharf:nosuch:x?secretAccessKey=***");
                    StringWriter trace = new StringWriter();
                    context.getStartupFailure().printStackTrace(new PrintWriter(trace));
                    assertThat(trace.toString()).doesNotContain("s3cr3t");
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
