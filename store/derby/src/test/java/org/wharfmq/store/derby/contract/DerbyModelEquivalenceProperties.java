package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.ModelEquivalenceContract;

/** {@link ModelEquivalenceContract} on the Derby backend. */
class DerbyModelEquivalenceProperties extends ModelEquivalenceContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
