package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.RedeliveryPolicyContract;

/** {@link RedeliveryPolicyContract} on the Derby backend. */
class DerbyRedeliveryPolicyTest extends RedeliveryPolicyContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
