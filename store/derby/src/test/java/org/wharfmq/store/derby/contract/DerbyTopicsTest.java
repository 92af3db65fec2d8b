package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TopicsContract;

/** {@link TopicsContract} on the Derby backend. */
class DerbyTopicsTest extends TopicsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
