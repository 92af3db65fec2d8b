package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.DeadLetterAndBatchContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link DeadLetterAndBatchContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyDeadLetterAndBatchTest extends DeadLetterAndBatchContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
