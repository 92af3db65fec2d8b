package org.wharfmq.ra.outbound;

import java.util.Optional;
import jakarta.resource.ResourceException;

/**
 * How the connections of one of this adapter's connection factories reach the store: for a
 * message endpoint whose {@code connectionFactoryLookup} names that factory.
 */
public record FactorySettings(String url, String userName, String password, String clientId) {

    /** The settings behind {@code factory}, if it is one of this adapter's connection factories. */
    public static Optional<FactorySettings> of(Object factory) throws ResourceException {
        if (!(factory instanceof PooledConnectionFactory p)) {
            return Optional.empty();
        }
        WharfManagedConnectionFactory f = p.managedFactory();
        return Optional.of(new FactorySettings(f.url(), f.getUserName(), f.getPassword(), f.getClientId()));
    }

    @Override
    public String toString() {
        return "FactorySettings[user=" + userName + ", clientId=" + clientId + "]";
    }
}
