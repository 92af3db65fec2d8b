package org.wharfmq.ra.outbound;

import java.io.PrintWriter;
import java.util.Objects;
import java.util.Set;
import javax.security.auth.Subject;
import jakarta.resource.NotSupportedException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionFactory;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterAssociation;
import jakarta.resource.spi.TransactionSupport;
import jakarta.resource.spi.security.PasswordCredential;
import jakarta.jms.JMSException;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.WharfResourceAdapter;

/**
 * The outbound side: the server pools the {@link WharfManagedConnection}s this makes and binds the
 * {@link PooledConnectionFactory} it creates in JNDI. Config: {@code connectionURL} (default the
 * adapter's; may add options such as {@code ?visibilityTimeout=60}), {@code userName} and
 * {@code password} (used when neither the container nor the application gives credentials), and
 * {@code clientId}.
 */
public class WharfManagedConnectionFactory implements ManagedConnectionFactory, ResourceAdapterAssociation,
        TransactionSupport {
    private static final long serialVersionUID = 1L;

    private String connectionURL;
    private String userName;
    private String password;
    private String clientId;
    private transient WharfResourceAdapter adapter;
    private transient PrintWriter logWriter;

    public String getConnectionURL() {
        return connectionURL;
    }

    public void setConnectionURL(String connectionURL) {
        this.connectionURL = connectionURL;
    }

    public String getUserName() {
        return userName;
    }

    public void setUserName(String userName) {
        this.userName = userName;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public String getClientId() {
        return clientId;
    }

    /**
     * The client id of every connection this factory makes, for durable subscriptions. The pooled
     * connections all have it at once; no connection of another factory can take it meanwhile.
     */
    public void setClientId(String clientId) {
        this.clientId = clientId;
    }

    /** The URL physical connections use. */
    String url() throws ResourceException {
        if (connectionURL != null && !connectionURL.isBlank()) {
            return connectionURL.trim();
        }
        if (adapter == null) {
            throw new ResourceException("the Wharf connection factory has no connectionURL and no resource adapter");
        }
        return adapter.url();
    }

    /**
     * What the store's backend can join: XATransaction with XaTransactions, LocalTransaction with
     * only Transactions, else NoTransaction. The server may ask before it starts the adapter, so
     * this reads the configured URL.
     */
    TransactionSupportLevel level() throws ResourceException {
        String u = connectionURL != null && !connectionURL.isBlank() ? connectionURL.trim() : null;
        if (u == null) {
            if (adapter == null) {
                throw new ResourceException("the Wharf connection factory has no connectionURL and no resource adapter");
            }
            u = adapter.configuredUrl();
        }
        Set<String> capabilities;
        try (WharfConnectionFactory f = new WharfConnectionFactory(u)) {
            capabilities = f.capabilities();
        } catch (JMSException e) {
            throw new ResourceException("cannot open the Wharf store at '" + Wharf.printable(u) + "': "
                    + e.getMessage(), e);
        }
        if (capabilities.contains("XaTransactions")) {
            return TransactionSupportLevel.XATransaction;
        }
        return capabilities.contains("Transactions") ? TransactionSupportLevel.LocalTransaction
                : TransactionSupportLevel.NoTransaction;
    }

    /**
     * {@link #level()}: with LocalTransaction the server runs each transaction on the connection's
     * transacted session; with NoTransaction it enlists nothing and each send and acknowledgement
     * takes effect at once. A store that cannot be opened yet keeps the level ra.xml declares
     * (XATransaction); its connections will fail.
     */
    @Override
    public TransactionSupportLevel getTransactionSupport() {
        try {
            return level();
        } catch (ResourceException e) {
            return TransactionSupportLevel.XATransaction;
        }
    }

    @Override
    public Object createConnectionFactory(ConnectionManager manager) {
        return new PooledConnectionFactory(this, manager);
    }

    @Override
    public Object createConnectionFactory() throws ResourceException {
        throw new NotSupportedException("Wharf's connection factory needs an application server's connection"
                + " manager; outside a server use org.wharfmq.jms.WharfConnectionFactory");
    }

    @Override
    public ManagedConnection createManagedConnection(Subject subject, ConnectionRequestInfo info)
            throws ResourceException {
        return new WharfManagedConnection(this, credentials(subject, info));
    }

    /**
     * Who connects: the container's credential for this factory if the subject has one
     * (container-managed sign-on), else the application's, else this factory's default user.
     */
    RequestInfo credentials(Subject subject, ConnectionRequestInfo info) {
        RequestInfo asked = info instanceof RequestInfo r ? r : new RequestInfo(RequestInfo.Kind.CONNECTION, null, null);
        if (subject != null) {
            Set<PasswordCredential> creds = subject.getPrivateCredentials(PasswordCredential.class);
            for (PasswordCredential c : creds) {
                if (c.getManagedConnectionFactory() == null || equals(c.getManagedConnectionFactory())) {
                    return new RequestInfo(asked.kind(), c.getUserName(), new String(c.getPassword()),
                            asked.sessionMode());
                }
            }
        }
        if (asked.user() != null) {
            return asked;
        }
        return new RequestInfo(asked.kind(), userName, password, asked.sessionMode());
    }

    @Override
    @SuppressWarnings("rawtypes")
    public ManagedConnection matchManagedConnections(Set candidates, Subject subject, ConnectionRequestInfo info) {
        RequestInfo wanted = credentials(subject, info);
        for (Object o : candidates) {
            if (o instanceof WharfManagedConnection mc && mc.serves(wanted)) {
                return mc;
            }
        }
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return adapter;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter ra) {
        this.adapter = (WharfResourceAdapter) ra;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WharfManagedConnectionFactory f && Objects.equals(f.connectionURL, connectionURL)
                && Objects.equals(f.userName, userName) && Objects.equals(f.password, password)
                && Objects.equals(f.clientId, clientId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(connectionURL, userName);
    }
}
