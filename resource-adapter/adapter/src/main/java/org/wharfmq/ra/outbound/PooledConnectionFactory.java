package org.wharfmq.ra.outbound;

import java.io.Serializable;
import javax.naming.Reference;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueConnectionFactory;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicConnectionFactory;
import jakarta.resource.Referenceable;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;

/**
 * The connection factory applications get ({@code @Resource ConnectionFactory}, or behind
 * {@code @Inject @JMSConnectionFactory JMSContext}). Every connection or context comes from the
 * server's pool and joins the caller's transaction. The session mode of {@code createContext} is
 * not used: in a transaction the context is transacted, outside one it acknowledges automatically.
 */
public class PooledConnectionFactory implements ConnectionFactory, QueueConnectionFactory, TopicConnectionFactory,
        Referenceable, Serializable {
    private static final long serialVersionUID = 1L;

    private final WharfManagedConnectionFactory factory;
    private final transient ConnectionManager manager;
    private Reference reference;

    PooledConnectionFactory(WharfManagedConnectionFactory factory, ConnectionManager manager) {
        this.factory = factory;
        this.manager = manager;
    }

    WharfManagedConnectionFactory managedFactory() {
        return factory;
    }

    private Object allocate(RequestInfo info) throws ResourceException {
        return manager.allocateConnection(factory, info);
    }

    private Connection connection(String user, String password) throws JMSException {
        try {
            return (Connection) allocate(new RequestInfo(RequestInfo.Kind.CONNECTION, user, password));
        } catch (ResourceException e) {
            JMSSecurityException refused = refusal(e);
            JMSException j = refused != null ? new JMSSecurityException(refused.getMessage())
                    : new JMSException("cannot get a Wharf connection: " + e.getMessage());
            j.setLinkedException(e);
            j.initCause(e);
            throw j;
        }
    }

    @Override
    public Connection createConnection() throws JMSException {
        return connection(null, null);
    }

    @Override
    public Connection createConnection(String user, String password) throws JMSException {
        return connection(user, password);
    }

    @Override
    public QueueConnection createQueueConnection() throws JMSException {
        return (QueueConnection) connection(null, null);
    }

    @Override
    public QueueConnection createQueueConnection(String user, String password) throws JMSException {
        return (QueueConnection) connection(user, password);
    }

    @Override
    public TopicConnection createTopicConnection() throws JMSException {
        return (TopicConnection) connection(null, null);
    }

    @Override
    public TopicConnection createTopicConnection(String user, String password) throws JMSException {
        return (TopicConnection) connection(user, password);
    }

    @Override
    public JMSContext createContext() {
        return createContext(null, null, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        return createContext(null, null, sessionMode);
    }

    @Override
    public JMSContext createContext(String user, String password) {
        return createContext(user, password, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String user, String password, int sessionMode) {
        if (sessionMode < JMSContext.SESSION_TRANSACTED || sessionMode > JMSContext.DUPS_OK_ACKNOWLEDGE) {
            throw new JMSRuntimeException("session mode " + sessionMode + " is not one of SESSION_TRANSACTED (0),"
                    + " AUTO_ACKNOWLEDGE (1), CLIENT_ACKNOWLEDGE (2) or DUPS_OK_ACKNOWLEDGE (3)");
        }
        try {
            return (JMSContext) allocate(new RequestInfo(RequestInfo.Kind.CONTEXT, user, password, sessionMode));
        } catch (ResourceException e) {
            JMSSecurityException refused = refusal(e);
            if (refused != null) {
                throw new JMSSecurityRuntimeException(refused.getMessage(), null, e);
            }
            throw new JMSRuntimeException("cannot get a Wharf JMSContext: " + e.getMessage(), null, e);
        }
    }

    /** The store's refusal of the user, if that is why the server could not get a connection. */
    private static JMSSecurityException refusal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof JMSSecurityException s) {
                return s;
            }
        }
        return null;
    }

    @Override
    public Reference getReference() {
        return reference;
    }

    @Override
    public void setReference(Reference reference) {
        this.reference = reference;
    }
}
