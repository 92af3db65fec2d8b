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
 * A {@code Connection} handle. It has at most one open session, as Jakarta Messaging allows an EE
 * component, and that session is the managed connection's session. Closing it gives the managed
 * connection back to the server.
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

    private static IllegalStateException forbidden(String method) {
        return new IllegalStateException("Connection." + method + " is not allowed in a Jakarta EE component");
    }

    private synchronized SessionHandle newSession() throws JMSException {
        physical();
        if (session != null && !session.isClosed()) {
            throw new IllegalStateException("a connection in a Jakarta EE component has one session at a time;"
                    + " close the first before creating another");
        }
        session = new SessionHandle(this);
        return session;
    }

    @Override
    public Session createSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return (Session) newSession().api();
    }

    @Override
    public Session createSession(int sessionMode) throws JMSException {
        return (Session) newSession().api();
    }

    @Override
    public Session createSession() throws JMSException {
        return (Session) newSession().api();
    }

    @Override
    public QueueSession createQueueSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return (QueueSession) newSession().api();
    }

    @Override
    public TopicSession createTopicSession(boolean transacted, int acknowledgeMode) throws JMSException {
        return (TopicSession) newSession().api();
    }

    @Override
    public String getClientID() throws JMSException {
        return physical().getClientID();
    }

    @Override
    public void setClientID(String clientID) throws JMSException {
        throw forbidden("setClientID");
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
        throw forbidden("setExceptionListener");
    }

    @Override
    public void start() throws JMSException {
        physical().start();
    }

    @Override
    public void stop() throws JMSException {
        throw forbidden("stop");
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
        throw forbidden("createConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Queue queue, String selector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        throw forbidden("createConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(Topic topic, String selector, ServerSessionPool pool,
                                                       int maxMessages) throws JMSException {
        throw forbidden("createConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(Topic topic, String subscriptionName, String selector,
                                                             ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw forbidden("createSharedConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(Topic topic, String subscriptionName, String selector,
                                                              ServerSessionPool pool, int maxMessages)
            throws JMSException {
        throw forbidden("createDurableConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(Topic topic, String subscriptionName,
                                                                    String selector, ServerSessionPool pool,
                                                                    int maxMessages) throws JMSException {
        throw forbidden("createSharedDurableConnectionConsumer");
    }

    @Override
    public String toString() {
        return "Wharf connection handle" + (closed ? " (closed)" : "");
    }
}
