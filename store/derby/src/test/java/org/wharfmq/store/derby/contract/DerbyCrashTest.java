package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.durability.CrashContract;

/** {@link CrashContract} on the Derby backend. */
class DerbyCrashTest extends CrashContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
