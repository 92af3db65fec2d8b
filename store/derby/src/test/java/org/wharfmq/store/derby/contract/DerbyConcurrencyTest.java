package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.concurrency.ConcurrencyContract;

/** {@link ConcurrencyContract} on the Derby backend. */
class DerbyConcurrencyTest extends ConcurrencyContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
