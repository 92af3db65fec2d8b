package org.wharfmq.ra.outbound;

import java.util.Optional;
import jakarta.resource.ResourceException;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * How the connections of one of this adapter's connection factories reach the store: for a
 * message endpoint whose {@code connectionFactoryLookup} names that factory. The factory's
 * password is not readable here: {@link #signIn} hands it to a physical factory.
 */
public final class FactorySettings {
    private final String url;
    private final String userName;
    private final String password;
    private final String clientId;

    private FactorySettings(String url, String userName, String password, String clientId) {
        this.url = url;
        this.userName = userName;
        this.password = password;
        this.clientId = clientId;
    }

    /** The settings behind {@code factory}, if it is one of this adapter's connection factories. */
    public static Optional<FactorySettings> of(Object factory) throws ResourceException {
        if (!(factory instanceof PooledConnectionFactory p)) {
            return Optional.empty();
        }
        WharfManagedConnectionFactory f = p.managedFactory();
        return Optional.of(new FactorySettings(f.url(), f.getUserName(), f.getPassword(), f.getClientId()));
    }

    public String url() {
        return url;
    }

    public String userName() {
        return userName;
    }

    public String clientId() {
        return clientId;
    }

    /** Gives {@code physical} this factory's user and password. */
    public void signIn(WharfConnectionFactory physical) {
        physical.setUser(userName);
        physical.setPassword(password);
    }

    @Override
    public String toString() {
        return "FactorySettings[user=" + userName + ", clientId=" + clientId + "]";
    }
}
