package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.DeadLetterAndBatchContract;

/** {@link DeadLetterAndBatchContract} on the Derby backend. */
class DerbyDeadLetterAndBatchTest extends DeadLetterAndBatchContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
