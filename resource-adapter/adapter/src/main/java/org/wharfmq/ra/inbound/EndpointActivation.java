package org.wharfmq.ra.inbound;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.XAConnection;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import jakarta.resource.spi.work.WorkManager;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.WharfTopic;

/**
 * One active message endpoint: a connection whose connection consumer fetches messages and hands
 * each batch to a free {@link EndpointSession}, up to {@code maxSessions} at once. A FIFO group
 * stays in flight until its message's delivery ends, so no two sessions have the same group at once.
 */
final class EndpointActivation {
    private static final Logger LOG = Logger.getLogger(EndpointActivation.class.getName());

    private final String url;
    private final WorkManager workManager;
    private final MessageEndpointFactory factory;
    private final WharfActivationSpec spec;
    private EndpointTarget target;
    private Connection connection;
    private ConnectionConsumer consumer;
    private EndpointSessionPool pool;
    private volatile boolean stopping;

    EndpointActivation(String url, WorkManager workManager, MessageEndpointFactory factory, WharfActivationSpec spec) {
        this.url = url;
        this.workManager = workManager;
        this.factory = factory;
        this.spec = spec;
    }

    void start() throws ResourceException {
        boolean transacted;
        try {
            transacted = factory.isDeliveryTransacted(EndpointSession.ON_MESSAGE);
        } catch (NoSuchMethodException e) {
            throw new ResourceException("the endpoint of " + spec + " has no onMessage(Message)", e);
        }
        target = EndpointTarget.resolve(spec, url);
        WharfConnectionFactory cf = new WharfConnectionFactory(connectionUrl());
        try {
            if (transacted && !cf.capabilities().contains("XaTransactions")) {
                // The MDB asked for XA, which this backend cannot join: deliver as AUTO_ACKNOWLEDGE.
                LOG.warning(() -> "Wharf delivers " + spec + " without a transaction: the store's backend offers"
                        + " no XA transactions");
                transacted = false;
            }
            target.signIn().accept(cf);
            connection = transacted ? cf.createXAConnection() : cf.createConnection();
            if (target.clientId() != null) {
                connection.setClientID(target.clientId());
            }
            connection.setExceptionListener(e -> LOG.warning(() -> "Wharf endpoint " + spec + ": " + e.getMessage()));
            List<EndpointSession> sessions = new ArrayList<>();
            for (int i = 0; i < spec.getMaxSessions(); i++) {
                sessions.add(new EndpointSession(this, session(transacted), transacted));
            }
            pool = new EndpointSessionPool(sessions);
            consumer = consumer();
            connection.start();
        } catch (JMSException e) {
            closeConnection();
            throw new ResourceException("cannot activate the Wharf endpoint for " + spec + ": " + e.getMessage(), e);
        } finally {
            // The connection keeps the store open; the factory need not.
            cf.close();
        }
        String how = transacted ? " in XA transactions" : "";
        LOG.info(() -> "Wharf delivers " + spec + " (" + target + ") to " + factory.getEndpointClass().getSimpleName() + " with up to "
                + spec.getMaxSessions() + " sessions" + how);
    }

    /**
     * The store URL (the adapter's, or its connectionFactoryLookup's) with this endpoint's visibility
     * timeout, redelivery backoff and visibility extension, which take the place of the URL's options
     * of the same names.
     */
    private String connectionUrl() {
        StringBuilder u = new StringBuilder(target.url());
        option(u, "visibilityTimeout", spec.getVisibilityTimeout());
        option(u, "redeliveryDelay", spec.getRedeliveryDelay());
        option(u, "redeliveryMultiplier", spec.getRedeliveryMultiplier());
        option(u, "redeliveryMaxDelay", spec.getRedeliveryMaxDelay());
        option(u, "visibilityExtension", spec.getVisibilityExtension());
        option(u, "visibilityExtensionLimit", spec.getVisibilityExtensionLimit());
        return u.toString();
    }

    private static void option(StringBuilder url, String name, Object value) {
        if (value != null) {
            url.append(url.indexOf("?") >= 0 ? '&' : '?').append(name).append('=').append(value);
        }
    }

    private Session session(boolean transacted) throws JMSException {
        if (transacted) {
            return ((XAConnection) connection).createXASession();
        }
        int mode = WharfActivationSpec.DUPS_OK.equals(spec.getAcknowledgeMode()) ? Session.DUPS_OK_ACKNOWLEDGE
                : Session.AUTO_ACKNOWLEDGE;
        return connection.createSession(false, mode);
    }

    private ConnectionConsumer consumer() throws JMSException {
        String selector = spec.getMessageSelector() == null || spec.getMessageSelector().isBlank() ? null
                : spec.getMessageSelector();
        int batch = 1 + spec.getPrefetch();
        if (!target.topic()) {
            return connection.createConnectionConsumer(new WharfQueue(target.destination()), selector, pool, batch);
        }
        Topic topic = new WharfTopic(target.destination());
        if (!spec.isDurable()) {
            return connection.createConnectionConsumer(topic, selector, pool, batch);
        }
        if (target.clientId() != null) {
            return connection.createDurableConnectionConsumer(topic, spec.getSubscriptionName(), selector, pool, batch);
        }
        return connection.createSharedDurableConnectionConsumer(topic, spec.getSubscriptionName(), selector, pool,
                batch);
    }

    MessageEndpointFactory factory() {
        return factory;
    }

    WorkManager workManager() {
        return workManager;
    }

    EndpointSessionPool pool() {
        return pool;
    }

    boolean stopping() {
        return stopping;
    }

    /** Stops fetching, lets deliveries under way finish, and puts fetched messages not delivered back. */
    void stop() {
        stopping = true;
        try {
            consumer.close();
        } catch (JMSException e) {
            LOG.warning(() -> "Wharf endpoint " + spec + ": closing its consumer: " + e.getMessage());
        }
        if (!pool.awaitIdle(EndpointSessionPool.STOP_TIMEOUT_MILLIS)) {
            LOG.warning(() -> "Wharf endpoint " + spec + ": deliveries still running after "
                    + EndpointSessionPool.STOP_TIMEOUT_MILLIS + " ms are left to finish on their own");
        }
        pool.releaseEndpoints();
        closeConnection();
        LOG.info(() -> "Wharf stopped delivering " + spec + " to " + factory.getEndpointClass().getSimpleName());
    }

    private void closeConnection() {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (JMSException e) {
            LOG.warning(() -> "Wharf endpoint " + spec + ": closing its connection: " + e.getMessage());
        }
    }
}
