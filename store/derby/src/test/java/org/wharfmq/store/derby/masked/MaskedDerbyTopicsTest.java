package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TopicsContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link TopicsContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyTopicsTest extends TopicsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
