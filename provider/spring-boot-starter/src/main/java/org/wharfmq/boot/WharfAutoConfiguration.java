package org.wharfmq.boot;

import java.nio.file.Path;
import jakarta.jms.ConnectionFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.management.WharfMetrics;

/**
 * A Wharf connection factory for Boot's JMS auto-configuration, which then builds the JmsTemplate
 * and the {@code @JmsListener} containers from {@code spring.jms.*}. As Boot does for its own
 * brokers, the factory is wrapped in a CachingConnectionFactory unless
 * {@code spring.jms.cache.enabled=false}. A ConnectionFactory of the application's turns all of
 * this off. The Wharf factory itself is the bean {@code wharfConnectionFactory}, injected by that
 * qualifier only, and closed with the context.
 */
@AutoConfiguration(beforeName = {
        "org.springframework.boot.autoconfigure.jms.JmsAutoConfiguration",
        "org.springframework.boot.jms.autoconfigure.JmsAutoConfiguration" })
@ConditionalOnClass({ ConnectionFactory.class, WharfConnectionFactory.class })
@ConditionalOnMissingBean(ConnectionFactory.class)
@EnableConfigurationProperties(WharfProperties.class)
public class WharfAutoConfiguration {
    static final String CACHE_ENABLED = "spring.jms.cache.enabled";

    @Bean
    @ConditionalOnMissingBean
    WharfQueues wharfQueues(WharfProperties properties) {
        return new WharfQueues(properties.getQueues());
    }

    /** With the cache off, the Wharf factory is the application's ConnectionFactory. */
    @Bean(name = { "jmsConnectionFactory", "wharfConnectionFactory" })
    @ConditionalOnBooleanProperty(name = CACHE_ENABLED, havingValue = false)
    WharfConnectionFactory jmsConnectionFactory(WharfProperties properties, WharfQueues queues) {
        return wharfFactory(properties, queues);
    }

    /** Not injected by type (so ConnectionFactory injection points get the cache); closed with the context. */
    @Bean(defaultCandidate = false)
    @ConditionalOnBooleanProperty(name = CACHE_ENABLED, matchIfMissing = true)
    WharfConnectionFactory wharfConnectionFactory(WharfProperties properties, WharfQueues queues) {
        return wharfFactory(properties, queues);
    }

    /** Boot's wrapping: {@code spring.jms.cache.*} on a CachingConnectionFactory (listener containers get the target). */
    @Bean(name = "jmsConnectionFactory")
    @ConditionalOnClass(CachingConnectionFactory.class)
    @ConditionalOnBooleanProperty(name = CACHE_ENABLED, matchIfMissing = true)
    CachingConnectionFactory cachingJmsConnectionFactory(
            @Qualifier("wharfConnectionFactory") WharfConnectionFactory wharf, Environment environment) {
        // Read through the Binder, not Boot's JmsProperties, which Boot 4 moved to another package.
        Binder binder = Binder.get(environment);
        CachingConnectionFactory caching = new CachingConnectionFactory(wharf);
        caching.setSessionCacheSize(binder.bind("spring.jms.cache.session-cache-size", Integer.class).orElse(1));
        caching.setCacheConsumers(binder.bind("spring.jms.cache.consumers", Boolean.class).orElse(false));
        caching.setCacheProducers(binder.bind("spring.jms.cache.producers", Boolean.class).orElse(true));
        return caching;
    }

    /** The actuator's {@code wharf} health component on Boot 3, on by default ({@code management.health.wharf.enabled}). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
    @ConditionalOnBooleanProperty(name = "management.health.wharf.enabled", matchIfMissing = true)
    static class Boot3Health {
        @Bean
        @ConditionalOnMissingBean(name = "wharfHealthIndicator")
        WharfHealthIndicator wharfHealthIndicator(@Qualifier("wharfConnectionFactory") WharfConnectionFactory wharf) {
            return new WharfHealthIndicator(wharf);
        }
    }

    /** The same on Boot 4, where health has a module of its own. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
    @ConditionalOnMissingClass("org.springframework.boot.actuate.health.HealthIndicator")
    @ConditionalOnBooleanProperty(name = "management.health.wharf.enabled", matchIfMissing = true)
    static class Boot4Health {
        @Bean
        @ConditionalOnMissingBean(name = "wharfHealthIndicator")
        WharfBoot4HealthIndicator wharfHealthIndicator(
                @Qualifier("wharfConnectionFactory") WharfConnectionFactory wharf) {
            return new WharfBoot4HealthIndicator(wharf);
        }
    }

    /** Wharf's Micrometer binder; Boot binds it to the application's MeterRegistry. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
    static class Metrics {
        @Bean
        @ConditionalOnMissingBean(name = "wharfMetrics")
        WharfMetrics wharfMetrics(@Qualifier("wharfConnectionFactory") WharfConnectionFactory wharf) {
            return new WharfMetrics(wharf);
        }
    }

    /** The factory from {@code wharf.*}, with the queues of {@code wharf.queues} declared on its store. */
    static WharfConnectionFactory wharfFactory(WharfProperties properties, WharfQueues queues) {
        String url = properties.getUrl() != null ? properties.getUrl()
                : "wharf:derby:" + Path.of("wharf-store").toAbsolutePath();
        WharfConnectionFactory factory = new WharfConnectionFactory(url);
        factory.setUser(properties.getUser());
        factory.setPassword(properties.getPassword());
        try {
            queues.declareOn(factory);
        } catch (RuntimeException e) {
            try {
                factory.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return factory;
    }
}
