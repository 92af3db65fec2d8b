package org.wharfmq.jms.management;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.jms.gateway.QueueListener;
import org.wharfmq.jms.gateway.StoreGateway;

/**
 * The JMX view of one open store in the platform MBeanServer (JConsole, an application server's
 * JMX): a {@link StoreMXBean} named {@code org.wharfmq:type=Store,store="<url>"} and a
 * {@link QueueMXBean} per queue named {@code org.wharfmq:type=Queue,store="<url>",name=<queue>},
 * the URL with its secrets hidden. The rule: a queue has its MBean from when the store opens (the
 * queues it lists then), or from when administration in this JVM creates it, or shortly after this
 * JVM's JMS layer first resolves or creates it to send or receive, until this JVM deletes it or
 * closes the store; {@link #refresh} rescans the store for queues made or deleted elsewhere.
 *
 * <p>{@link StoreOperations} does its operations on queues and messages.
 *
 * <p>It hears of the queues as the store's {@link QueueListener}. A queue learned on the way to a
 * send is only recorded there; a registrar thread registers its MBean, so that no send waits on
 * JMX. JMX never fails the store: a registration that fails (the name taken by another
 * deployment, a security manager) is logged at debug level and skipped, and only the MBeans this
 * view registered are ever unregistered.
 */
public final class StoreMBeans implements StoreMXBean, QueueListener {
    /** The JMX domain of Wharf's MBeans. */
    public static final String DOMAIN = "org.wharfmq";
    private static final Logger LOG = LoggerFactory.getLogger(StoreMBeans.class);

    private final StoreGateway gateway;
    private final StoreOperations operations;
    private final MBeanServer server;
    private final String store;
    /** Names of the queues whose MBean this view registered. */
    private final Set<String> shown = new TreeSet<>();
    /** Queues learned on the data path whose MBean is not registered yet. */
    private final Set<String> pending = ConcurrentHashMap.newKeySet();
    /** Registers the MBeans of {@link #pending}: one daemon thread, gone when idle and when the store closes. */
    private final ExecutorService registrar = registrar();
    /** The registrar's latest thread, which the store's closing waits for. */
    private volatile Thread registrarThread;
    private ObjectName self;
    private boolean closed;

    private StoreMBeans(StoreGateway gateway, MBeanServer server) {
        this.gateway = gateway;
        this.operations = new StoreOperations(gateway);
        this.server = server;
        this.store = ObjectName.quote(StoreGateway.printable(gateway.url()));
    }

    private ExecutorService registrar() {
        ThreadPoolExecutor registrar = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                work -> {
                    Thread t = new Thread(work, "wharf-jmx-registrar");
                    t.setDaemon(true);
                    t.setContextClassLoader(StoreMBeans.class.getClassLoader());
                    registrarThread = t;
                    return t;
                });
        registrar.allowCoreThreadTimeOut(true);
        return registrar;
    }

    /**
     * Registers the MBeans of {@code gateway}'s store, which has just opened; nothing when its backend
     * gives no statistics or JMX is not available.
     */
    static StoreMBeans register(StoreGateway gateway) {
        MBeanServer server = null;
        if (gateway.capabilities().names().contains("QueueStatistics")) {
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

    /** Records queue {@code name} for the registrar: called on the data path, it neither waits nor locks. */
    @Override
    public void queueKnown(String name) {
        if (server != null && pending.add(name)) {
            try {
                registrar.execute(() -> registerPending(name));
            } catch (RejectedExecutionException e) {
                // The store is closing: its MBeans are going anyway.
            }
        }
    }

    @Override
    public synchronized void queueCreated(String name) {
        pending.remove(name);
        queueAdded(name);
    }

    @Override
    public synchronized void queueDeleted(String name) {
        pending.remove(name);
        queueRemoved(name);
    }

    /** Stops the registrar, waiting for a registration under way, then unregisters every MBean. */
    @Override
    public void storeClosing() {
        registrar.shutdownNow();
        try {
            registrar.awaitTermination(5, TimeUnit.SECONDS);
            Thread t = registrarThread;
            if (t != null) {
                t.join(TimeUnit.SECONDS.toMillis(5));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        unregister();
    }

    private synchronized void registerPending(String name) {
        if (pending.remove(name)) {
            queueAdded(name);
        }
    }

    /** Registers now what the registrar has yet to, so that the queues shown include every queue known. */
    private void registerPending() {
        for (String name : pending) {
            registerPending(name);
        }
    }

    /** Shows queue {@code name}. */
    private synchronized void queueAdded(String name) {
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

    /** Hides queue {@code name}. */
    private synchronized void queueRemoved(String name) {
        if (shown.remove(name)) {
            unregister(name);
        }
    }

    /** Unregisters every MBean of this view, as the store closes. */
    private synchronized void unregister() {
        closed = true;
        pending.clear();
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

    boolean counting(String queueName) throws JMSException {
        return gateway.admin().counting(queueName);
    }

    @Override
    public String startMessageMoveTask(String sourceQueue, String destinationQueue, int maxMessagesPerSecond) {
        String destination = destinationQueue == null || destinationQueue.isEmpty() ? null : destinationQueue;
        Integer rate = maxMessagesPerSecond == 0 ? null : maxMessagesPerSecond;
        return operations.startMessageMoveTask(sourceQueue, destination, rate);
    }

    @Override
    public List<MoveTaskView> listMessageMoveTasks(String sourceQueue) {
        return operations.listMessageMoveTasks(sourceQueue);
    }

    @Override
    public long cancelMessageMoveTask(String taskHandle) {
        return operations.cancelMessageMoveTask(taskHandle);
    }

    @Override
    public String getUrl() {
        return StoreGateway.printable(gateway.url());
    }

    @Override
    public synchronized List<String> getQueues() {
        registerPending();
        return List.copyOf(shown);
    }

    @Override
    public void refresh() {
        if (server != null) {
            rescan();
        }
    }

    /** Shows every queue the store lists now, hides those it no longer has; returns those listed, or null if it cannot list them. */
    private List<String> rescan() {
        registerPending();
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
            return null;
        }
        listed.forEach(gone::remove);
        listed.forEach(this::queueAdded);
        gone.forEach(this::queueRemoved);
        return listed;
    }

    @Override
    public List<QueueRow> listQueueRows() {
        List<String> listed = rescan();
        if (listed == null) {
            listed = operations.queues();
        }
        return operations.rows(listed);
    }

    @Override
    public Map<String, Long> queueStatistics(String queue) {
        return operations.statistics(queue);
    }

    @Override
    public Map<String, String> queueAttributes(String queue) {
        return operations.attributes(queue);
    }

    @Override
    public String declareQueue(String queue, Map<String, String> attributes) {
        return operations.declare(queue, attributes);
    }

    @Override
    public void deleteQueue(String queue) {
        operations.delete(queue);
    }

    @Override
    public void purgeQueue(String queue) {
        operations.purge(queue);
    }

    @Override
    public List<MessageView> browse(String queue, int maxMessages) {
        return operations.browse(queue, maxMessages);
    }

    @Override
    public String send(String queue, String body, Map<String, String> properties, long deliveryDelayMillis) {
        return operations.send(queue, body, properties, deliveryDelayMillis);
    }

    @Override
    public List<MessageView> receive(String queue, int maxMessages, int waitSeconds) {
        return operations.receive(queue, maxMessages, waitSeconds);
    }
}
