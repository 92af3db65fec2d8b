package org.wharfmq.ra.outbound;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicSession;

/**
 * A {@code Connection} handle. It has at most one open session, as Jakarta Messaging 12.2 allows a
 * Jakarta EE component, and that session is the managed connection's session; it refuses the
 * calls 12.2 forbids ({@link ContainerRules}). Closing it gives the managed connection back to the
 * server.
 */
public final class ConnectionHandle implements Connection, QueueConnection, TopicConnection, ApplicationHandle {
    private volatile WharfManagedConnection owner;
    private volatile boolean closed;
    private SessionHandle session;

    ConnectionHandle(WharfManagedConnection owner) {
        this.owner = owner;
    }

    @Override
    public Object api() {
        return this;
    }

    @Override
    public RequestInfo.Kind kind() {
        return RequestInfo.Kind.CONNECTION;
    }

    @Override
    public WharfManagedConnection owner() {
        return owner;
    }

    @Override
    public void reassociate(WharfManagedConnection to) {
        owner = to;
    }

    private Connection physical() throws IllegalStateException {
        if (closed) {
            throw new IllegalStateException("the connection is closed");
        }
        return owner.connection();
    }

    private static IllegalStateException forbidden(String method, String why) {
        return ContainerRules.refused("Connection." + method, why);
    }

    /**
     * The connection's one session. Its mode is not used (Jakarta Messaging 12.3), though an
     * invalid one is refused outside a transaction, where the arguments count.
     */
    private synchronized SessionHandle newSession(String method, int mode, SessionHandle.Domain domain)
            throws JMSException {
        physical();
        if (session != null && !session.isClosed()) {
            throw new IllegalStateException("Connection." + method + " is not allowed while the connection's session"
                    + " is open: " + ContainerRules.ONE_SESSION + "; close it first");
        }
        if (mode < Session.SESSION_TRANSACTED || mode > Session.DUPS_OK_ACKNOWLEDGE) {
            if (!owner.inTransaction()) {
                throw new JMSException("session mode " + mode + " is not one of SESSION_TRANSACTED (0),"
                        + " AUTO_ACKNOWLEDGE (1), CLIENT_ACKNOWLEDGE (2) or DUPS_OK_ACKNOWLEDGE (3)");
            }
        }
        session = new SessionHandle(this, mode, domain);
        return session;
    }

    private static int mode(boolean transacted, int acknowledgeMode) {
        return transacted ? Session.SESSION_TRANSACTED : acknowledgeMode;
    }

    @Override
    public Session createSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return (Session) newSession("createSession", mode(transacted, acknowledgeMode),
                SessionHandle.Domain.ANY).api();
    }

    @Override
    public Session createSession(int sessionMode) throws JMSException {
        return (Session) newSession("createSession", sessionMode, SessionHandle.Domain.ANY).api();
    }

    @Override
    public Session createSession() throws JMSException {
        return (Session) newSession("createSession", Session.AUTO_ACKNOWLEDGE, SessionHandle.Domain.ANY).api();
    }

    @Override
    public QueueSession createQueueSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return (QueueSession) newSession("createQueueSession", mode(transacted, acknowledgeMode),
                SessionHandle.Domain.QUEUE).api();
    }

    @Override
    public TopicSession createTopicSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return (TopicSession) newSession("createTopicSession", mode(transacted, acknowledgeMode),
                SessionHandle.Domain.TOPIC).api();
    }

    @Override
    public String getClientID() throws JMSException {
        return physical().getClientID();
    }

    @Override
    public void setClientID(String clientID) throws JMSException {
        throw forbidden("setClientID", ContainerRules.CLIENT_ID);
    }

    @Override
    public ConnectionMetaData getMetaData() throws JMSException {
        return physical().getMetaData();
    }

    @Override
    public ExceptionListener getExceptionListener() throws JMSException {
        return physical().getExceptionListener();
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) throws JMSException {
        throw forbidden("setExceptionListener", ContainerRules.CONNECTION);
    }

    @Override
    public void start() throws JMSException {
        physical().start();
    }

    @Override
    public void stop() throws JMSException {
        throw forbidden("stop", ContainerRules.CONNECTION);
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        closeSession();
        closed = true;
        owner.closed(this);
    }

    @Override
    public void invalidate() throws JMSException {
        closeSession();
        closed = true;
    }

    private synchronized void closeSession() throws JMSException {
        if (session != null) {
            try {
                session.close();
            } catch (JMSException e) {
                throw e;
            } catch (Exception e) {
                JMSException j = new JMSException("cannot close the session: " + e.getMessage());
                j.initCause(e);
                throw j;
            }
            session = null;
        }
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Destination destination, String selector,
                                                       ServerSessionPool pool, int maxMessages) throws JMSException {
        throw forbidden("createConnectionConsumer", ContainerRules.THREADS);
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Queue queue, String selector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        throw forbidden("createConnectionConsumer", ContainerRules.THREADS);
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Topic topic, String selector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        throw forbidden("createConnectionConsumer", ContainerRules.THREADS);
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(Topic topic, String subscriptionName, String selector,
                                                             ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw forbidden("createSharedConnectionConsumer", ContainerRules.THREADS);
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(Topic topic, String subscriptionName, String selector,
                                                              ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw forbidden("createDurableConnectionConsumer", ContainerRules.THREADS);
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(Topic topic, String subscriptionName,
                                                                    String selector, ServerSessionPool pool,
                                                                    int maxMessages) throws JMSException {
        throw forbidden("createSharedDurableConnectionConsumer", ContainerRules.THREADS);
    }

    @Override
    public String toString() {
        return "Wharf connection handle" + (closed ? " (closed)" : "");
    }
}
