package org.wharfmq.samples.boot;

import jakarta.jms.ConnectionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.jms.DefaultJmsListenerContainerFactoryConfigurer;
import org.springframework.boot.jms.ConnectionFactoryUnwrapper;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.config.DefaultJmsListenerContainerFactory;

/**
 * Boot's listener container factory (all of {@code spring.jms.listener.*}), with an error handler:
 * a rejected order is expected here, so it is logged as news, not as a container warning.
 */
@Configuration(proxyBeanMethods = false)
public class ListenerSetup {
    private static final Logger LOG = LoggerFactory.getLogger(ListenerSetup.class);

    @Bean
    DefaultJmsListenerContainerFactory jmsListenerContainerFactory(
            DefaultJmsListenerContainerFactoryConfigurer configurer, ConnectionFactory connectionFactory) {
        DefaultJmsListenerContainerFactory factory = new DefaultJmsListenerContainerFactory();
        // As Boot does: listener containers cache on their own, so they get the factory under the cache.
        configurer.configure(factory, ConnectionFactoryUnwrapper.unwrapCaching(connectionFactory));
        factory.setErrorHandler(e -> LOG.info("Rolled back: {}", rootMessage(e)));
        return factory;
    }

    private static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}
