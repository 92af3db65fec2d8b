package org.wharfmq.jms.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listeners of one store, which the gateway tells of its queues: one from each
 * {@link QueueListenerFactory} found. A listener that throws is logged and does not fail the caller.
 */
final class QueueListeners implements QueueListener {
    private static final Logger LOG = LoggerFactory.getLogger(QueueListeners.class);

    private volatile List<QueueListener> listeners = List.of();

    /** The factories on the provider's class path, found once. */
    private static final class Factories {
        static final List<QueueListenerFactory> ALL = ServiceLoader.load(QueueListenerFactory.class,
                QueueListenerFactory.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();
    }

    /** Asks each factory for its listener of {@code store}, which has just opened. */
    void open(StoreGateway store) {
        List<QueueListener> opened = new ArrayList<>();
        for (QueueListenerFactory f : Factories.ALL) {
            QueueListener l = f.opened(store);
            if (l != null) {
                opened.add(l);
            }
        }
        listeners = List.copyOf(opened);
    }

    @Override
    public void queueKnown(String name) {
        each(l -> l.queueKnown(name));
    }

    @Override
    public void queueCreated(String name) {
        each(l -> l.queueCreated(name));
    }

    @Override
    public void queueDeleted(String name) {
        each(l -> l.queueDeleted(name));
    }

    @Override
    public void storeClosing() {
        each(QueueListener::storeClosing);
    }

    private void each(Consumer<QueueListener> event) {
        for (QueueListener l : listeners) {
            try {
                event.accept(l);
            } catch (RuntimeException e) {
                LOG.warn("queue listener {} failed: {}", l, e.toString());
            }
        }
    }
}
