package org.wharfmq.store;

import java.util.Optional;
import javax.transaction.xa.XAResource;

/** An XAResource over store transactions. */
public interface StoreXAResource extends XAResource {

    /** The transaction of the branch this resource is associated with, between start and end. */
    Optional<StoreTransaction> current();
}
