package org.wharfmq.ra;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import java.util.logging.Logger;
import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import jakarta.jms.XAConnection;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.ResourceAdapterInternalException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import org.wharfmq.jms.StoreLease;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.inbound.Endpoints;

/**
 * Wharf's resource adapter. {@link #start} opens the store named by {@code connectionURL} (by
 * default an embedded Derby directory under the server's data directory), {@link #stop} stops
 * every message endpoint and closes the store, so the .rar can be redeployed in a running server.
 * A server may run several instances at once on one store (WildFly starts one for each connection
 * factory or administered object an application defines by annotation): each holds a
 * {@link StoreLease}, and the last to stop closes the store, even under pooled connections.
 * The URL is printed only through {@link Wharf#printable}, which hides its secrets.
 */
public class WharfResourceAdapter implements jakarta.resource.spi.ResourceAdapter, Serializable {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(WharfResourceAdapter.class.getName());

    private String connectionURL;
    private String userName;
    private String password;
    private transient volatile String url;
    private transient StoreLease lease;
    private transient Endpoints endpoints;
    private transient XAConnection recovery;

    /** The store URL; empty means {@link StoreLocation#defaultUrl()}. */
    public String getConnectionURL() {
        return connectionURL;
    }

    public void setConnectionURL(String connectionURL) {
        this.connectionURL = connectionURL;
    }

    /**
     * The user of the adapter's own connection (XA recovery) and of MDBs whose activation names
     * none; needed when the store's users file has permissions.
     */
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

    /** The URL of the open store; fails if the adapter is not started. */
    public String url() throws ResourceException {
        String u = url;
        if (u == null) {
            throw new ResourceAdapterInternalException("the Wharf resource adapter is not started");
        }
        return u;
    }

    /** The store URL this adapter is configured with, started or not. */
    public String configuredUrl() {
        return connectionURL == null || connectionURL.isBlank() ? StoreLocation.defaultUrl() : connectionURL.trim();
    }

    @Override
    public void start(BootstrapContext context) throws ResourceAdapterInternalException {
        String u = configuredUrl();
        try {
            lease = Wharf.lease(u);
            try (WharfConnectionFactory f = new WharfConnectionFactory(u)) {
                recovery = f.createXAConnection(userName, password);
            }
        } catch (JMSException e) {
            if (lease != null) {
                lease.close();
                lease = null;
            }
            throw new ResourceAdapterInternalException("cannot open the Wharf store at connectionURL '"
                    + Wharf.printable(u) + "': " + e.getMessage(), e);
        }
        endpoints = new Endpoints(u, context.getWorkManager());
        url = u;
        LOG.info(() -> "Wharf resource adapter started on store " + Wharf.printable(u));
    }

    @Override
    public void stop() {
        String u = url;
        url = null;
        if (endpoints != null) {
            endpoints.stopAll();
        }
        try {
            if (recovery != null) {
                recovery.close();
            }
        } catch (JMSException e) {
            LOG.warning(() -> "closing the recovery connection of Wharf store " + Wharf.printable(u) + ": "
                    + e.getMessage());
        }
        if (lease != null) {
            lease.close();
            lease = null;
        }
    }

    @Override
    public void endpointActivation(MessageEndpointFactory factory, ActivationSpec spec) throws ResourceException {
        url();
        endpoints.activate(factory, spec);
    }

    @Override
    public void endpointDeactivation(MessageEndpointFactory factory, ActivationSpec spec) {
        if (endpoints != null) {
            endpoints.deactivate(factory, spec);
        }
    }

    /**
     * One resource of the store: its prepared branches are store-wide, so it recovers them all.
     * None on a backend without XA transactions, which has no branches.
     */
    @Override
    public XAResource[] getXAResources(ActivationSpec[] specs) throws ResourceException {
        String u = url();
        try (WharfConnectionFactory f = new WharfConnectionFactory(u)) {
            if (!f.capabilities().contains("XaTransactions")) {
                return new XAResource[0];
            }
            return new XAResource[] {recovery.createXASession().getXAResource()};
        } catch (JMSException e) {
            throw new ResourceException("cannot open a Wharf session for recovery: " + e.getMessage(), e);
        }
    }

    /**
     * Creates queue {@code name} with {@code attributes}, or sets them on the queue if it exists
     * (for administered objects, which may be bound after an endpoint created the queue). The
     * adapter need not be started: the server may associate an object before it starts it.
     */
    public void defineQueue(String name, Map<String, String> attributes) throws ResourceException {
        String u = configuredUrl();
        StoreLease defining;
        try {
            defining = Wharf.lease(u);
        } catch (JMSException e) {
            throw new ResourceException("cannot open the Wharf store at " + Wharf.printable(u) + ": "
                    + e.getMessage(), e);
        }
        try (defining; WharfConnectionFactory factory = new WharfConnectionFactory(u)) {
            factory.setUser(userName);
            factory.setPassword(password);
            var admin = factory.admin();
            if (admin.listQueues(name).contains(name)) {
                if (!attributes.isEmpty()) {
                    admin.setQueueAttributes(name, attributes);
                }
            } else {
                admin.createQueue(name, attributes);
            }
        } catch (JMSException e) {
            throw new ResourceException("cannot define queue '" + name + "' with " + attributes + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WharfResourceAdapter r && Objects.equals(r.connectionURL, connectionURL);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(connectionURL);
    }
}
