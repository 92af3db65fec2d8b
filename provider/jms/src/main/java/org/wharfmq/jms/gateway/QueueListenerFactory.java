package org.wharfmq.jms.gateway;

/**
 * Gives each store that opens in this JVM its {@link QueueListener}. Implementations are found by
 * {@link java.util.ServiceLoader} ({@code META-INF/services/org.wharfmq.jms.gateway.QueueListenerFactory}),
 * so that the gateway depends on none of them.
 */
public interface QueueListenerFactory {
    /** The listener of {@code store}, which has just opened; null to hear nothing of it. */
    QueueListener opened(StoreGateway store);
}
