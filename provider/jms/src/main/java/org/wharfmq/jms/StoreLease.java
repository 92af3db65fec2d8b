package org.wharfmq.jms;

import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.StoreGateway;

/**
 * A hold on an open store, as a resource adapter keeps one from its start to its stop: the store
 * stays open while any lease on it is held, and closes when the last one is released, even if
 * connections (a server's pool) still use it; they fail afterwards. Get one with {@link Wharf#lease}.
 */
public final class StoreLease implements AutoCloseable {
    private final StoreGateway store;

    private StoreLease(String storeUrl) throws JMSException {
        // The store counts this lease by identity only: nothing reads it before it is built.
        this.store = StoreGateway.lease(storeUrl, WharfDestination::fromAddress, this);
    }

    /** A lease on the store {@code url} names, opened if need be, which {@code url}'s users file guards too. */
    static StoreLease on(String url) throws JMSException {
        ConnectionOptions o = ConnectionOptions.parse(url);
        StoreLease lease = new StoreLease(o.storeUrl());
        if (o.usersFile() != null) {
            lease.store.guardedBy(o.usersFile(), UsersFile.rules(o.usersFile()));
        }
        return lease;
    }

    /** Releases the lease; the last one closes the store. A second close does nothing. */
    @Override
    public void close() {
        store.release(this);
    }

    @Override
    public String toString() {
        return "lease on " + Wharf.printable(store.url());
    }
}
