package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.FifoRulesContract;

/** {@link FifoRulesContract} on the Derby backend. */
class DerbyFifoRulesTest extends FifoRulesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
