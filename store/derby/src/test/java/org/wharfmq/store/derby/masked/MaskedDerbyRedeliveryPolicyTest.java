package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.RedeliveryPolicyContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link RedeliveryPolicyContract} on Derby masked down to the core model. */
class MaskedDerbyRedeliveryPolicyTest extends RedeliveryPolicyContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
