package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.LeaseContract;

/** {@link LeaseContract} on Derby. */
class DerbyLeaseTest extends LeaseContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
