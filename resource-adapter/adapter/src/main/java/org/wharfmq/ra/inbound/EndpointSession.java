package org.wharfmq.ra.inbound;

import java.lang.reflect.Method;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.ServerSession;
import jakarta.jms.Session;
import jakarta.jms.XASession;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.endpoint.MessageEndpoint;
import jakarta.resource.spi.work.Work;
import jakarta.resource.spi.work.WorkException;

/**
 * A session of an endpoint with its own message endpoint (MDB instance). The connection consumer
 * queues a batch on its session and starts it; the server's work manager then runs the batch
 * between {@code beforeDelivery} and {@code afterDelivery}, so for a transacted MDB the deletes of
 * the batch's messages join the MDB's XA transaction. After a message fails, the rest of its batch
 * goes back to the queue undelivered, so a FIFO group keeps its order.
 */
final class EndpointSession implements ServerSession, Work {
    private static final Logger LOG = Logger.getLogger(EndpointSession.class.getName());
    static final Method ON_MESSAGE;

    static {
        try {
            ON_MESSAGE = MessageListener.class.getMethod("onMessage", Message.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final EndpointActivation activation;
    private final Session session;
    private final XAResource xaResource;
    private MessageEndpoint endpoint;
    /** Set when a message of the running batch failed or cannot be delivered. */
    private volatile boolean abandoned;

    EndpointSession(EndpointActivation activation, Session session, boolean transacted) throws JMSException {
        this.activation = activation;
        this.session = session;
        this.xaResource = transacted ? ((XASession) session).getXAResource() : null;
        session.setMessageListener(this::onMessage);
    }

    @Override
    public Session getSession() {
        return session;
    }

    @Override
    public void start() {
        if (activation.stopping()) {
            putBack();
            return;
        }
        try {
            activation.workManager().scheduleWork(this);
        } catch (WorkException e) {
            LOG.log(Level.WARNING, "Wharf cannot schedule a delivery; its messages go back to the queue", e);
            putBack();
        }
    }

    /** Returns the queued batch to the queue without delivering it. */
    private void putBack() {
        abandoned = true;
        session.run();
        activation.pool().idle(this);
    }

    @Override
    public void run() {
        boolean begun = false;
        try {
            if (endpoint == null) {
                endpoint = activation.factory().createEndpoint(xaResource);
            }
            endpoint.beforeDelivery(ON_MESSAGE);
            begun = true;
            abandoned = false;
        } catch (ResourceException | NoSuchMethodException | RuntimeException e) {
            LOG.log(Level.WARNING, "Wharf cannot begin a delivery; its messages go back to the queue", e);
            abandoned = true;
        }
        try {
            session.run();
        } finally {
            if (begun) {
                try {
                    endpoint.afterDelivery();
                } catch (ResourceException | RuntimeException e) {
                    LOG.log(Level.FINE, "Wharf delivery ended without commit; its messages go back to the queue", e);
                }
            }
            activation.pool().idle(this);
        }
    }

    private void onMessage(Message m) {
        if (abandoned) {
            throw new IllegalStateException("not delivered: an earlier message of its batch failed");
        }
        try {
            ((MessageListener) endpoint).onMessage(m);
        } catch (RuntimeException e) {
            abandoned = true;
            throw e;
        }
    }

    /** The work manager asks the work to end early: a delivery runs to its end anyway. */
    @Override
    public void release() {
    }

    void close() {
        if (endpoint != null) {
            endpoint.release();
        }
        try {
            session.close();
        } catch (JMSException e) {
            LOG.log(Level.FINE, "closing a Wharf endpoint session", e);
        }
    }
}
