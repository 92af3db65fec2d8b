package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.MessageRulesContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link MessageRulesContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyMessageRulesTest extends MessageRulesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
