package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.MessageRulesContract;

/** {@link MessageRulesContract} on the Derby backend. */
class DerbyMessageRulesTest extends MessageRulesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
