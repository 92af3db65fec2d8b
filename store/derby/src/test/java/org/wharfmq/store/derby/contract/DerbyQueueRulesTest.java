package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.QueueRulesContract;

/** {@link QueueRulesContract} on the Derby backend. */
class DerbyQueueRulesTest extends QueueRulesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
