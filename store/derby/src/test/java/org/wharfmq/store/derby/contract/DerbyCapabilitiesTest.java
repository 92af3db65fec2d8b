package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.CapabilitiesContract;

/** {@link CapabilitiesContract} on the Derby backend. */
class DerbyCapabilitiesTest extends CapabilitiesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
