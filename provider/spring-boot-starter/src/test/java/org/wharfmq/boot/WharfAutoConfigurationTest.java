package org.wharfmq.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;
import org.springframework.jms.config.SimpleJmsListenerEndpoint;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.jms.listener.DefaultMessageListenerContainer;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;

class WharfAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class, JmsAutoConfiguration.class))
            .withPropertyValues("wharf.url=wharf:memory:" + UUID.randomUUID());

    @Test
    void wharfFactoryIsWrappedInACachingConnectionFactoryAsBootDoes() {
        runner.withPropertyValues("spring.jms.cache.session-cache-size=5", "spring.jms.cache.consumers=true",
                "spring.jms.cache.producers=false").run(context -> {
                    ConnectionFactory cf = context.getBean(ConnectionFactory.class);
                    assertThat(cf).isInstanceOf(CachingConnectionFactory.class);
                    CachingConnectionFactory caching = (CachingConnectionFactory) cf;
                    assertThat(caching.getTargetConnectionFactory())
                            .isSameAs(context.getBean("wharfConnectionFactory"));
                    assertThat(caching.getSessionCacheSize()).isEqualTo(5);
                    assertThat(caching.isCacheConsumers()).isTrue();
                    assertThat(caching.isCacheProducers()).isFalse();
                    assertThat(context.getBean(JmsTemplate.class).getConnectionFactory()).isSameAs(caching);
                });
    }

    @Test
    void cachingHasBootsDefaults() {
        runner.run(context -> {
            CachingConnectionFactory caching = context.getBean(CachingConnectionFactory.class);
            assertThat(caching.getSessionCacheSize()).isEqualTo(1);
            assertThat(caching.isCacheConsumers()).isFalse();
            assertThat(caching.isCacheProducers()).isTrue();
        });
    }

    @Test
    void withTheCacheOffTheWharfFactoryIsTheConnectionFactory() {
        runner.withPropertyValues("spring.jms.cache.enabled=false").run(context -> {
            assertThat(context).doesNotHaveBean(CachingConnectionFactory.class);
            assertThat(context.getBean(ConnectionFactory.class)).isInstanceOf(WharfConnectionFactory.class)
                    .isSameAs(context.getBean("wharfConnectionFactory"));
        });
    }

    @Test
    void defaultStoreIsDerbyUnderTheWorkingDirectory() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class))
                .run(context -> assertThat(context.getBean("wharfConnectionFactory", WharfConnectionFactory.class)
                        .getUrl()).isEqualTo("wharf:derby:" + Path.of("wharf-store").toAbsolutePath()));
    }

    @Test
    void userAndPasswordReachTheFactory() {
        runner.withPropertyValues("wharf.user=app", "wharf.password=secret").run(context -> {
            WharfConnectionFactory wharf = context.getBean("wharfConnectionFactory", WharfConnectionFactory.class);
            assertThat(wharf.getUser()).isEqualTo("app");
        });
    }

    @Test
    void springJmsPropertiesShapeTheTemplate() {
        runner.withPropertyValues("spring.jms.pub-sub-domain=true", "spring.jms.template.delivery-mode=non-persistent",
                "spring.jms.template.priority=7", "spring.jms.template.default-destination=orders").run(context -> {
                    JmsTemplate template = context.getBean(JmsTemplate.class);
                    assertThat(template.isPubSubDomain()).isTrue();
                    assertThat(template.isExplicitQosEnabled()).isTrue();
                    assertThat(template.getDeliveryMode()).isEqualTo(DeliveryMode.NON_PERSISTENT);
                    assertThat(template.getPriority()).isEqualTo(7);
                    assertThat(template.getDefaultDestinationName()).isEqualTo("orders");
                });
    }

    @Test
    void springJmsPropertiesShapeTheListenerContainers() {
        runner.withPropertyValues("spring.jms.listener.min-concurrency=2", "spring.jms.listener.max-concurrency=4",
                "spring.jms.listener.session.transacted=true",
                "spring.jms.listener.session.acknowledge-mode=client").run(context -> {
                    DefaultJmsListenerContainerFactory factory = context.getBean("jmsListenerContainerFactory",
                            DefaultJmsListenerContainerFactory.class);
                    SimpleJmsListenerEndpoint endpoint = new SimpleJmsListenerEndpoint();
                    endpoint.setDestination("orders");
                    endpoint.setMessageListener(message -> { });
                    DefaultMessageListenerContainer container = factory.createListenerContainer(endpoint);
                    assertThat(container.getConcurrentConsumers()).isEqualTo(2);
                    assertThat(container.getMaxConcurrentConsumers()).isEqualTo(4);
                    assertThat(container.isSessionTransacted()).isTrue();
                    assertThat(container.getSessionAcknowledgeMode()).isEqualTo(Session.CLIENT_ACKNOWLEDGE);
                    // Boot gives listener containers the factory under the cache, as they cache on their own.
                    assertThat(container.getConnectionFactory()).isSameAs(context.getBean("wharfConnectionFactory"));
                });
    }

    @Test
    void listenerContainersStartWithTheClientId() {
        runner.withPropertyValues("spring.jms.client-id=orders-app").run(context -> {
            SimpleJmsListenerEndpoint endpoint = new SimpleJmsListenerEndpoint();
            endpoint.setDestination("orders");
            endpoint.setMessageListener(message -> { });
            DefaultMessageListenerContainer container = context.getBean("jmsListenerContainerFactory",
                    DefaultJmsListenerContainerFactory.class).createListenerContainer(endpoint);
            assertThat(container.getClientId()).isEqualTo("orders-app");
            container.afterPropertiesSet();
            container.start();
            try {
                await().atMost(Duration.ofSeconds(10)).until(container::isRegisteredWithDestination);
            } finally {
                container.shutdown();
            }
        });
    }

    @Test
    void closingTheContextClosesTheStore() throws JMSException {
        String url = "wharf:memory:" + UUID.randomUUID();
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(WharfAutoConfiguration.class, JmsAutoConfiguration.class))
                .withPropertyValues("wharf.url=" + url, "wharf.queues.orders.VisibilityTimeout=60").run(context -> {
                    context.getBean(JmsTemplate.class).convertAndSend("orders", "order 1");
                    assertThat(Wharf.isOpen(url)).isTrue();
                });
        assertThat(Wharf.isOpen(url)).isFalse();
    }

    @Test
    void applicationsOwnConnectionFactoryWins() {
        WharfConnectionFactory own = new WharfConnectionFactory("wharf:memory:" + UUID.randomUUID());
        runner.withBean("own", ConnectionFactory.class, () -> own)
                .run(context -> {
                    assertThat(context.getBean(ConnectionFactory.class)).isSameAs(own);
                    assertThat(context).doesNotHaveBean("wharfConnectionFactory").doesNotHaveBean(WharfQueues.class);
                    assertThat(context.getBean(JmsTemplate.class).getConnectionFactory()).isSameAs(own);
                });
    }
}
