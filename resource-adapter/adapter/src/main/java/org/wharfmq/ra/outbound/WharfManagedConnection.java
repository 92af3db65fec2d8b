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
import jakarta.jms.XAJMSContext;
import jakarta.jms.XASession;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionEvent;
import jakarta.resource.spi.ConnectionEventListener;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.NotSupportedException;
import jakarta.resource.spi.LocalTransaction;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionMetaData;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * A pooled physical connection: an XA connection with its one XA session (for {@code Connection}
 * handles) or an XA context (for {@code JMSContext} handles). Its XAResource is the session's store
 * XA resource, so the server enlists the session's sends and receives in its transactions.
 */
final class WharfManagedConnection implements ManagedConnection {
    private final RequestInfo info;
    private final Connection connection;
    private final Session session;
    private final JMSContext context;
    /** False on a backend without transactions: plain AUTO_ACKNOWLEDGE sessions, nothing to enlist. */
    private final boolean xa;
    private final List<ConnectionEventListener> listeners = new CopyOnWriteArrayList<>();
    private final Set<ApplicationHandle> handles = ConcurrentHashMap.newKeySet();
    private PrintWriter logWriter;

    WharfManagedConnection(WharfManagedConnectionFactory factory, RequestInfo info) throws ResourceException {
        this.info = info;
        WharfConnectionFactory physical = new WharfConnectionFactory(factory.url());
        this.xa = factory.transactional();
        try {
            if (info.kind() == RequestInfo.Kind.CONTEXT) {
                connection = null;
                session = null;
                context = xa ? physical.createXAContext(info.user(), info.password())
                        : physical.createContext(info.user(), info.password());
            } else if (xa) {
                XAConnection c = physical.createXAConnection(info.user(), info.password());
                connection = c;
                session = c.createXASession();
                context = null;
            } else {
                connection = physical.createConnection(info.user(), info.password());
                session = connection.createSession();
                context = null;
            }
        } catch (JMSException e) {
            throw new ResourceException("cannot connect to the Wharf store: " + e.getMessage(), e);
        } catch (JMSRuntimeException e) {
            throw new ResourceException("cannot connect to the Wharf store: " + e.getMessage(), e);
        }
    }

    /** True if this connection was made for requests like {@code wanted}. */
    boolean serves(RequestInfo wanted) {
        return info.equals(wanted);
    }

    Connection connection() {
        return connection;
    }

    Session session() {
        return session;
    }

    JMSContext context() {
        return context;
    }

    @Override
    public Object getConnection(Subject subject, ConnectionRequestInfo request) {
        ApplicationHandle h = info.kind() == RequestInfo.Kind.CONTEXT ? new ContextHandle(this)
                : new ConnectionHandle(this);
        handles.add(h);
        return h.api();
    }

    @Override
    public void associateConnection(Object api) throws ResourceException {
        ApplicationHandle h = ApplicationHandle.of(api);
        if (h == null || h.kind() != info.kind()) {
            throw new ResourceException("cannot associate " + api + " with a Wharf " + info.kind() + " connection");
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
            if (connection != null) {
                connection.stop();
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
            if (connection != null) {
                connection.close();
            } else {
                context.close();
            }
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
        if (!xa) {
            throw new NotSupportedException("the Wharf store's backend offers no transactions");
        }
        return session != null ? ((XASession) session).getXAResource() : ((XAJMSContext) context).getXAResource();
    }

    @Override
    public LocalTransaction getLocalTransaction() throws ResourceException {
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
