package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.FifoRulesContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link FifoRulesContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyFifoRulesTest extends FifoRulesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
