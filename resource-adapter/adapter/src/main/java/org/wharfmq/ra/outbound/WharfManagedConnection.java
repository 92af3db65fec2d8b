package org.wharfmq.ra.outbound;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.security.auth.Subject;
import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.Session;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionEvent;
import jakarta.resource.spi.ConnectionEventListener;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.NotSupportedException;
import jakarta.resource.spi.LocalTransaction;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionMetaData;
import jakarta.resource.spi.TransactionSupport.TransactionSupportLevel;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfContext;

/**
 * A pooled physical connection and its one session, made for the factory's transaction support
 * level. It serves {@code Connection} handles and {@code JMSContext} handles alike: a context
 * handle uses a context over the same session, so both APIs share one connection and one
 * XAResource. With XATransaction the session is XA, so the server enlists its sends and receives
 * in its transactions. With LocalTransaction it is AUTO_ACKNOWLEDGE, and a transacted twin on the
 * same connection serves the handles while a {@link SessionLocalTransaction} is active. With
 * NoTransaction it is AUTO_ACKNOWLEDGE alone.
 */
final class WharfManagedConnection implements ManagedConnection {
    private final RequestInfo info;
    private final Connection connection;
    private final Session session;
    private final JMSContext context;
    private final TransactionSupportLevel level;
    /** With LocalTransaction only: the transaction over the transacted twin; else null. */
    private final SessionLocalTransaction local;
    private final List<ConnectionEventListener> listeners = new CopyOnWriteArrayList<>();
    private final Set<ApplicationHandle> handles = ConcurrentHashMap.newKeySet();
    private PrintWriter logWriter;

    WharfManagedConnection(WharfManagedConnectionFactory factory, RequestInfo info) throws ResourceException {
        this.info = info;
        this.level = factory.level();
        // The physical connection keeps the store open; the factory need not.
        try (WharfConnectionFactory physical = new WharfConnectionFactory(factory.url())) {
            String clientId = factory.getClientId();
            if (clientId != null && !clientId.isBlank()) {
                physical.setClientID(clientId.trim());
                physical.setClientIDShared(true);
            }
            if (level == TransactionSupportLevel.XATransaction) {
                XAConnection c = physical.createXAConnection(info.user(), info.password());
                connection = c;
                session = c.createXASession();
                local = null;
            } else {
                connection = physical.createConnection(info.user(), info.password());
                session = connection.createSession();
                local = level == TransactionSupportLevel.LocalTransaction
                        ? new SessionLocalTransaction(connection.createSession(Session.SESSION_TRANSACTED)) : null;
            }
            context = WharfContext.over(session);
        } catch (JMSException e) {
            throw new ResourceException("cannot connect to the Wharf store: " + e.getMessage(), e);
        } catch (JMSRuntimeException e) {
            throw new ResourceException("cannot connect to the Wharf store: " + e.getMessage(), e);
        }
    }

    /** True if this connection was made for the same user as {@code wanted}, whichever API it asks for. */
    boolean serves(RequestInfo wanted) {
        return info.equals(wanted);
    }

    Connection connection() {
        return connection;
    }

    /** The session handles use now: the transacted twin while a local transaction is active. */
    Session session() {
        return inLocalTransaction() ? local.session() : session;
    }

    /** The context handles use now: the transacted twin while a local transaction is active. */
    JMSContext context() {
        return inLocalTransaction() ? local.context() : context;
    }

    /** True while the server's local transaction is active: the handles may not end it themselves. */
    boolean inLocalTransaction() {
        return local != null && local.active();
    }

    /**
     * True while the handles' work takes part in the server's transaction: a JTA one, or the local
     * one the server began. Their session arguments then do not count (Jakarta Messaging 12.3).
     */
    boolean inTransaction() {
        return inLocalTransaction() || Jta.active();
    }

    @Override
    public Object getConnection(Subject subject, ConnectionRequestInfo request) {
        ApplicationHandle h = request instanceof RequestInfo r && r.kind() == RequestInfo.Kind.CONTEXT
                ? new ContextHandle(this, r.sessionMode()) : new ConnectionHandle(this);
        handles.add(h);
        return h.api();
    }

    @Override
    public void associateConnection(Object api) throws ResourceException {
        ApplicationHandle h = ApplicationHandle.of(api);
        if (h == null) {
            throw new ResourceException("cannot associate " + api + " with a Wharf connection: it is not a Wharf handle");
        }
        h.owner().handles.remove(h);
        h.reassociate(this);
        handles.add(h);
    }

    /** A handle was closed by the application: the server may return this connection to its pool. */
    void closed(ApplicationHandle h) {
        handles.remove(h);
        ConnectionEvent e = new ConnectionEvent(this, ConnectionEvent.CONNECTION_CLOSED);
        e.setConnectionHandle(h.api());
        listeners.forEach(l -> l.connectionClosed(e));
    }

    @Override
    public void cleanup() throws ResourceException {
        try {
            for (ApplicationHandle h : handles) {
                h.invalidate();
            }
            // The next handle starts as a new one: its connection stopped, its context starting it.
            connection.stop();
            context.setAutoStart(true);
            if (local != null) {
                local.context().setAutoStart(true);
            }
        } catch (Exception e) {
            throw new ResourceException("cannot clean up a pooled Wharf connection: " + e.getMessage(), e);
        } finally {
            handles.clear();
        }
    }

    @Override
    public void destroy() throws ResourceException {
        cleanup();
        try {
            connection.close();
        } catch (JMSException | JMSRuntimeException e) {
            throw new ResourceException("cannot close a Wharf connection: " + e.getMessage(), e);
        }
    }

    @Override
    public void addConnectionEventListener(ConnectionEventListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeConnectionEventListener(ConnectionEventListener listener) {
        listeners.remove(listener);
    }

    @Override
    public XAResource getXAResource() throws ResourceException {
        if (level != TransactionSupportLevel.XATransaction) {
            throw new NotSupportedException("the Wharf store's backend offers no XA transactions");
        }
        return ((XASession) session).getXAResource();
    }

    @Override
    public LocalTransaction getLocalTransaction() throws ResourceException {
        if (local != null) {
            return local;
        }
        if (level != TransactionSupportLevel.XATransaction) {
            throw new NotSupportedException("the Wharf store's backend offers no transactions");
        }
        return new OnePhaseLocalTransaction(getXAResource());
    }

    @Override
    public ManagedConnectionMetaData getMetaData() {
        return new ManagedConnectionMetaData() {
            @Override
            public String getEISProductName() {
                return "Wharf";
            }

            @Override
            public String getEISProductVersion() {
                String v = WharfManagedConnection.class.getPackage().getImplementationVersion();
                return v == null ? "unknown" : v;
            }

            @Override
            public int getMaxConnections() {
                return 0;
            }

            @Override
            public String getUserName() {
                return info.user();
            }
        };
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }
}
