package org.wharfmq.jms.management;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.jms.gateway.StoreGateway;

/**
 * The JMX view of one open store in the platform MBeanServer (JConsole, an application server's
 * JMX): a {@link StoreMXBean} named {@code org.wharfmq:type=Store,store="<url>"} and a
 * {@link QueueMXBean} per queue named {@code org.wharfmq:type=Queue,store="<url>",name=<queue>},
 * the URL with its secrets hidden. The rule: a queue has its MBean from when the store opens (the
 * queues it lists then), or from when this JVM's JMS layer creates or resolves it, until this JVM
 * deletes it or closes the store; {@link #refresh} rescans the store for queues made or deleted
 * elsewhere. JMX never fails the store: a registration that fails (the name taken by another
 * deployment, a security manager) is logged at debug level and skipped, and only the MBeans this
 * view registered are ever unregistered.
 */
public final class StoreMBeans implements StoreMXBean {
    /** The JMX domain of Wharf's MBeans. */
    public static final String DOMAIN = "org.wharfmq";
    private static final Logger LOG = LoggerFactory.getLogger(StoreMBeans.class);

    private final StoreGateway gateway;
    private final MBeanServer server;
    private final String store;
    /** Names of the queues whose MBean this view registered. */
    private final Set<String> shown = new TreeSet<>();
    private ObjectName self;
    private boolean closed;

    private StoreMBeans(StoreGateway gateway, MBeanServer server) {
        this.gateway = gateway;
        this.server = server;
        this.store = ObjectName.quote(StoreGateway.printable(gateway.url()));
    }

    /**
     * Registers the MBeans of {@code gateway}'s store, which has just opened; nothing when its backend
     * gives no statistics or JMX is not available.
     */
    public static StoreMBeans register(StoreGateway gateway) {
        MBeanServer server = null;
        if (gateway.capabilities().contains("QueueStatistics")) {
            try {
                server = ManagementFactory.getPlatformMBeanServer();
            } catch (RuntimeException | Error e) {
                LOG.debug("no JMX for store {}: {}", StoreGateway.printable(gateway.url()), e.toString());
            }
        }
        StoreMBeans view = new StoreMBeans(gateway, server);
        if (server != null) {
            view.start();
        }
        return view;
    }

    /** The name of the MBean of queue {@code queueName} of the store at {@code storeUrl}. */
    public static ObjectName queueObjectName(String storeUrl, String queueName) throws JMException {
        return new ObjectName(DOMAIN + ":type=Queue,store=" + ObjectName.quote(StoreGateway.printable(storeUrl))
                + ",name=" + queueName);
    }

    /** The name of the MBean of the store at {@code storeUrl}. */
    public static ObjectName storeObjectName(String storeUrl) throws JMException {
        return new ObjectName(DOMAIN + ":type=Store,store=" + ObjectName.quote(StoreGateway.printable(storeUrl)));
    }

    private void start() {
        try {
            ObjectName name = storeObjectName(gateway.url());
            server.registerMBean(this, name);
            self = name;
        } catch (JMException | RuntimeException e) {
            LOG.debug("store {}: its MBean is not registered: {}", store, e.toString());
        }
        refresh();
    }

    /** Shows queue {@code name}, which this JVM has created or resolved. */
    public synchronized void queueAdded(String name) {
        if (server == null || closed || shown.contains(name)) {
            return;
        }
        try {
            server.registerMBean(new QueueBean(this, name), queueObjectName(gateway.url(), name));
            shown.add(name);
        } catch (JMException | RuntimeException e) {
            LOG.debug("store {}: the MBean of queue {} is not registered: {}", store, name, e.toString());
        }
    }

    /** Hides queue {@code name}, which this JVM has deleted. */
    public synchronized void queueRemoved(String name) {
        if (shown.remove(name)) {
            unregister(name);
        }
    }

    /** Unregisters every MBean of this view, as the store closes. */
    public synchronized void unregister() {
        closed = true;
        for (String name : new ArrayList<>(shown)) {
            unregister(name);
        }
        shown.clear();
        if (self != null) {
            try {
                server.unregisterMBean(self);
            } catch (JMException | RuntimeException e) {
                LOG.debug("store {}: its MBean was already gone: {}", store, e.toString());
            }
            self = null;
        }
    }

    private void unregister(String name) {
        try {
            server.unregisterMBean(queueObjectName(gateway.url(), name));
        } catch (JMException | RuntimeException e) {
            LOG.debug("store {}: the MBean of queue {} was already gone: {}", store, name, e.toString());
        }
    }

    Map<String, Long> statistics(String queueName) throws JMSException {
        return gateway.admin().statistics(queueName);
    }

    @Override
    public String startMessageMoveTask(String sourceQueue, String destinationQueue, int maxMessagesPerSecond) {
        String destination = destinationQueue == null || destinationQueue.isEmpty() ? null : destinationQueue;
        Integer rate = maxMessagesPerSecond == 0 ? null : maxMessagesPerSecond;
        return refusedAsArgument(() -> gateway.admin().startMessageMoveTask(sourceQueue, destination, rate));
    }

    @Override
    public List<MoveTaskView> listMessageMoveTasks(String sourceQueue) {
        return refusedAsArgument(() -> gateway.admin().listMessageMoveTasks(sourceQueue).stream()
                .map(MoveTaskView::new).toList());
    }

    @Override
    public long cancelMessageMoveTask(String taskHandle) {
        return refusedAsArgument(() -> gateway.admin().cancelMessageMoveTask(taskHandle));
    }

    private interface AdminCall<T> {
        T call() throws JMSException;
    }

    /** Runs an operation for a JMX client, which may lack Wharf's and JMS's exception classes. */
    private static <T> T refusedAsArgument(AdminCall<T> call) {
        try {
            return call.call();
        } catch (JMSException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    @Override
    public String getUrl() {
        return StoreGateway.printable(gateway.url());
    }

    @Override
    public synchronized List<String> getQueues() {
        return List.copyOf(shown);
    }

    @Override
    public void refresh() {
        if (server == null) {
            return;
        }
        // Taken before listing, so that a queue this JVM adds meanwhile is not taken for gone.
        Set<String> gone;
        synchronized (this) {
            gone = new HashSet<>(shown);
        }
        List<String> listed;
        try {
            listed = gateway.admin().listQueues(null);
        } catch (JMSException | RuntimeException e) {
            LOG.debug("store {}: its queues could not be listed: {}", store, e.toString());
            return;
        }
        listed.forEach(gone::remove);
        listed.forEach(this::queueAdded);
        gone.forEach(this::queueRemoved);
    }
}
