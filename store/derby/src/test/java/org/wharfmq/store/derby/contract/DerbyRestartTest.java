package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.durability.RestartContract;

/** {@link RestartContract} on the Derby backend. */
class DerbyRestartTest extends RestartContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
