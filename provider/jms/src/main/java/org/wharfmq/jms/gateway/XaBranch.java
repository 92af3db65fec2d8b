package org.wharfmq.jms.gateway;

import javax.transaction.xa.XAResource;
import org.wharfmq.store.StoreXAResource;

/** A session's XA resource in the store, and the unit of work of the branch it is associated with. */
public final class XaBranch {
    private final StoreXAResource resource;

    XaBranch(StoreXAResource resource) {
        this.resource = resource;
    }

    /** What the transaction manager enlists. */
    public XAResource resource() {
        return resource;
    }

    /** The branch's unit of work between start and end, or null outside a branch. */
    public Unit current() {
        return resource.current().map(tx -> new Unit(tx, false)).orElse(null);
    }
}
