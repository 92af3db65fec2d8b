package org.wharfmq.jms.management;

import org.wharfmq.jms.gateway.QueueListener;
import org.wharfmq.jms.gateway.QueueListenerFactory;
import org.wharfmq.jms.gateway.StoreGateway;

/**
 * Gives each store that opens its JMX view, {@link StoreMBeans}, which then hears of its queues. The
 * gateway finds this class through {@code META-INF/services}, so that it depends on no view.
 */
public final class StoreMBeansFactory implements QueueListenerFactory {
    @Override
    public QueueListener opened(StoreGateway store) {
        return StoreMBeans.register(store);
    }
}
