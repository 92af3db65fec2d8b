package org.wharfmq.jms;

import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.TopicSession;
import jakarta.jms.XAConnection;
import jakarta.jms.XAQueueConnection;
import jakarta.jms.XAQueueSession;
import jakarta.jms.XASession;
import jakarta.jms.XATopicConnection;
import jakarta.jms.XATopicSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.jms.gateway.StoreGateway;

/** A connection to a store: sessions, client id, start/stop of delivery, temporary destinations. */
public final class WharfConnection implements XAConnection, XAQueueConnection, XATopicConnection,
        WharfTemporaryQueue.TemporaryOwner {
    private static final Logger LOG = LoggerFactory.getLogger(WharfConnection.class);

    final StoreGateway gateway;
    final ClientRegistry registry;
    final ConnectionOptions options;
    /** Who connected (null: no user), and what they may do. */
    final String user;
    final Permissions permissions;
    /** The application's own transaction that transacted sessions join, or null: see WharfConnectionFactory#joinTransactionsOf. */
    volatile java.util.function.Supplier<?> joined;
    /** Identifies this connection's messages for noLocal. */
    final String id = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    private final List<WharfSession> sessions = new CopyOnWriteArrayList<>();
    private final List<WharfConnectionConsumer> connectionConsumers = new CopyOnWriteArrayList<>();
    private final Set<WharfDestination> temporaries = ConcurrentHashMap.newKeySet();
    private final AtomicInteger tempCounter = new AtomicInteger();
    private final ReentrantLock startLock = new ReentrantLock();
    private final Condition startedChanged = startLock.newCondition();
    private volatile boolean started;
    private volatile boolean closed;
    private volatile String clientId;
    private volatile boolean clientIdShared;
    private volatile boolean clientIdFixed;
    private volatile ExceptionListener exceptionListener;

    /** A connection to the store {@code options} name, which it keeps open until it closes. */
    WharfConnection(ConnectionOptions options, String user, Permissions permissions) throws JMSException {
        this.gateway = StoreGateway.attach(options.storeUrl(), WharfDestination::fromAddress, this);
        this.registry = ClientRegistry.of(gateway.url());
        this.options = options;
        this.user = user;
        this.permissions = permissions;
    }

    /**
     * Throws a JMSSecurityException unless this connection's user may do {@code op} to {@code d};
     * for a queue the user may not create, also unless the queue exists; for a queue with declared
     * attributes that the user may not administer, also unless the queue already has them. Temporary
     * destinations belong to their connection and need no permission.
     */
    void check(Permissions.Op op, WharfDestination d) throws JMSException {
        if (d.isTemporary()) {
            return;
        }
        String kind = d.isQueue() ? "queue" : "topic";
        permissions.check(user, op, kind, d.name());
        if (d.isQueue() && !permissions.allows(user, Permissions.Op.CREATE, d.name())) {
            try {
                gateway.queues().existingQueue(d.name());
            } catch (jakarta.jms.InvalidDestinationException e) {
                throw new jakarta.jms.JMSSecurityException("user '" + user + "' may not create queue " + d.name()
                        + ", which does not exist", "AccessDenied");
            }
        }
        if (d instanceof WharfQueue q && !q.attributes().isEmpty()
                && !permissions.allows(user, Permissions.Op.ADMIN, d.name())) {
            try {
                gateway.queues().queue(q.spec(), false);
            } catch (jakarta.jms.JMSSecurityException e) {
                throw new jakarta.jms.JMSSecurityException("user '" + user + "' may not administer queue "
                        + d.name() + ": " + e.getMessage(), e.getErrorCode());
            }
        }
    }

    void setClientIDInternal(String id, boolean shared) throws JMSException {
        registry.claimClientId(id, shared);
        clientId = id;
        clientIdShared = shared;
        clientIdFixed = true;
    }

    @Override
    public String getClientID() throws JMSException {
        checkOpen();
        return clientId;
    }

    @Override
    public void setClientID(String id) throws JMSException {
        checkOpen();
        if (clientIdFixed) {
            throw new IllegalStateException("the client id can only be set before the connection is used"
                    + (clientId != null ? "; it is '" + clientId + "'" : ""));
        }
        if (id == null || id.isEmpty()) {
            throw new InvalidClientIDException("the client id must not be null or empty");
        }
        setClientIDInternal(id, false);
    }

    /** Any use of the connection other than setClientID fixes the client id. */
    void fixClientId() {
        clientIdFixed = true;
    }

    String clientIdOrNull() {
        return clientId;
    }

    @Override
    public ConnectionMetaData getMetaData() throws JMSException {
        checkOpen();
        fixClientId();
        return new WharfMetaData();
    }

    @Override
    public ExceptionListener getExceptionListener() throws JMSException {
        checkOpen();
        fixClientId();
        return exceptionListener;
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) throws JMSException {
        checkOpen();
        fixClientId();
        this.exceptionListener = listener;
    }

    /** Tells the exception listener of a problem no caller will see, or logs it when there is none. */
    void report(JMSException e) {
        ExceptionListener l = exceptionListener;
        if (l != null) {
            l.onException(e);
        } else {
            LOG.warn("Wharf connection {}: {}", id, e.getMessage(), e);
        }
    }

    @Override
    public void start() throws JMSException {
        checkOpen();
        fixClientId();
        boolean wasStarted;
        startLock.lock();
        try {
            wasStarted = started;
            started = true;
            startedChanged.signalAll();
        } finally {
            startLock.unlock();
        }
        if (!wasStarted) {
            sessions.forEach(WharfSession::started);
        }
    }

    @Override
    public void stop() throws JMSException {
        checkOpen();
        fixClientId();
        if (WharfSession.inListenerOf(this)) {
            throw new IllegalStateException("a message listener cannot stop its own connection");
        }
        startLock.lock();
        try {
            started = false;
        } finally {
            startLock.unlock();
        }
        sessions.forEach(WharfSession::stopped);
        // Wait for listeners running now to return.
        for (WharfSession s : sessions) {
            s.awaitDeliveryIdle();
        }
    }

    boolean isStarted() {
        return started;
    }

    /** Waits until the connection is started or closed, or {@code nanos} pass; true if started. */
    boolean awaitStarted(long nanos) {
        startLock.lock();
        try {
            while (!started && !closed && nanos > 0) {
                nanos = startedChanged.awaitNanos(nanos);
            }
            return started && !closed;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            startLock.unlock();
        }
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        if (WharfSession.inListenerOf(this)) {
            throw new IllegalStateException("a message listener cannot close its own connection");
        }
        startLock.lock();
        try {
            closed = true;
            started = false;
            startedChanged.signalAll();
        } finally {
            startLock.unlock();
        }
        try {
            for (WharfConnectionConsumer cc : connectionConsumers) {
                cc.close();
            }
            for (WharfSession s : sessions) {
                s.close();
            }
            for (WharfDestination d : temporaries) {
                deleteStoreDestination(d);
            }
            temporaries.clear();
            if (clientId != null) {
                registry.releaseClientId(clientId, clientIdShared);
            }
        } finally {
            // What its connection consumers fetched and no session ran comes back after its visibility timeout.
            gateway.receiving().endExtensions(this);
            gateway.release(this);
        }
    }

    boolean isClosed() {
        return closed;
    }

    void checkOpen() throws IllegalStateException {
        if (closed) {
            throw new IllegalStateException("the connection is closed");
        }
    }

    @Override
    public Session createSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return newSession(transacted, acknowledgeMode, false);
    }

    @Override
    public Session createSession(int sessionMode) throws JMSException {
        return newSession(sessionMode == Session.SESSION_TRANSACTED, sessionMode, false);
    }

    @Override
    public Session createSession() throws JMSException {
        return newSession(false, Session.AUTO_ACKNOWLEDGE, false);
    }

    WharfSession newSession(boolean transacted, int mode, boolean xa) throws JMSException {
        checkOpen();
        fixClientId();
        WharfSession s = new WharfSession(this, transacted, transacted ? Session.SESSION_TRANSACTED : mode, xa);
        sessions.add(s);
        return s;
    }

    void removeSession(WharfSession s) {
        sessions.remove(s);
    }

    @Override
    public QueueSession createQueueSession(boolean transacted, int acknowledgeMode) throws JMSException {
        WharfSession s = newSession(transacted, acknowledgeMode, false);
        s.domain = WharfSession.Domain.QUEUE;
        return s;
    }

    @Override
    public TopicSession createTopicSession(boolean transacted, int acknowledgeMode) throws JMSException {
        WharfSession s = newSession(transacted, acknowledgeMode, false);
        s.domain = WharfSession.Domain.TOPIC;
        return s;
    }

    @Override
    public XASession createXASession() throws JMSException {
        return newSession(true, Session.SESSION_TRANSACTED, true);
    }

    @Override
    public XAQueueSession createXAQueueSession() throws JMSException {
        return newSession(true, Session.SESSION_TRANSACTED, true);
    }

    @Override
    public XATopicSession createXATopicSession() throws JMSException {
        return newSession(true, Session.SESSION_TRANSACTED, true);
    }

    // ---- temporary destinations ----

    WharfTemporaryQueue createTemporaryQueue() throws JMSException {
        checkOpen();
        fixClientId();
        WharfTemporaryQueue q = new WharfTemporaryQueue("tmpq-" + id + "-" + tempCounter.incrementAndGet(), this);
        gateway.queues().queue(org.wharfmq.jms.gateway.QueueSpec.named(q.name()));
        temporaries.add(q);
        return q;
    }

    WharfTemporaryTopic createTemporaryTopic() throws JMSException {
        checkOpen();
        fixClientId();
        WharfTemporaryTopic t = new WharfTemporaryTopic("tmpt-" + id + "-" + tempCounter.incrementAndGet(), this);
        gateway.queues().topic(t.name());
        temporaries.add(t);
        return t;
    }

    /** True if this connection made the temporary destination. */
    boolean owns(WharfDestination d) {
        return temporaries.contains(d);
    }

    @Override
    public void deleteTemporary(WharfDestination d) throws JMSException {
        checkOpen();
        for (WharfSession s : sessions) {
            if (s.consumes(d)) {
                throw new IllegalStateException("temporary destination " + d + " still has consumers");
            }
        }
        if (temporaries.remove(d)) {
            deleteStoreDestination(d);
        }
    }

    private void deleteStoreDestination(WharfDestination d) {
        gateway.queues().deleteQuietly(d.isQueue(), d.name());
    }

    // ---- connection consumers ----

    @Override
    public ConnectionConsumer createConnectionConsumer(Destination destination, String messageSelector,
                                                       ServerSessionPool pool, int maxMessages) throws JMSException {
        return connectionConsumer(destination, messageSelector, null, false, false, pool, maxMessages);
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Queue queue, String messageSelector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        return connectionConsumer(queue, messageSelector, null, false, false, pool, maxMessages);
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Topic topic, String messageSelector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        return connectionConsumer(topic, messageSelector, null, false, false, pool, maxMessages);
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(Topic topic, String subscriptionName,
                                                             String messageSelector, ServerSessionPool pool,
                                                             int maxMessages) throws JMSException {
        return connectionConsumer(topic, messageSelector, subscriptionName, false, true, pool, maxMessages);
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(Topic topic, String subscriptionName,
                                                              String messageSelector, ServerSessionPool pool,
                                                              int maxMessages) throws JMSException {
        return connectionConsumer(topic, messageSelector, subscriptionName, true, false, pool, maxMessages);
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(Topic topic, String subscriptionName,
                                                                    String messageSelector, ServerSessionPool pool,
                                                                    int maxMessages) throws JMSException {
        return connectionConsumer(topic, messageSelector, subscriptionName, true, true, pool, maxMessages);
    }

    private ConnectionConsumer connectionConsumer(Destination destination, String selector, String subscription,
                                                  boolean durable, boolean shared, ServerSessionPool pool,
                                                  int maxMessages) throws JMSException {
        checkOpen();
        if (pool == null) {
            throw new JMSException("the ServerSessionPool is null");
        }
        fixClientId();
        Subscriptions.Source source = Subscriptions.source(this, WharfDestination.of(destination), selector,
                false, subscription, durable, shared);
        WharfConnectionConsumer cc = new WharfConnectionConsumer(this, source, pool, Math.max(1, maxMessages));
        connectionConsumers.add(cc);
        return cc;
    }

    void removeConnectionConsumer(WharfConnectionConsumer cc) {
        connectionConsumers.remove(cc);
    }

    /** How long one long poll may wait before a consumer looks around again. */
    long pollSliceMillis() {
        return TimeUnit.SECONDS.toMillis(options.waitTimeSeconds());
    }
}
