package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.ConsumeContract;

/** {@link ConsumeContract} on the Derby backend. */
class DerbyConsumeTest extends ConsumeContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
