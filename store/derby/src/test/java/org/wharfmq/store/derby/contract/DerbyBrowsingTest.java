package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.BrowsingContract;

/** {@link BrowsingContract} on the Derby backend. */
class DerbyBrowsingTest extends BrowsingContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
