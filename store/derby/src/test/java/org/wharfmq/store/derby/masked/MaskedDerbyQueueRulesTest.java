package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.QueueRulesContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link QueueRulesContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyQueueRulesTest extends QueueRulesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
