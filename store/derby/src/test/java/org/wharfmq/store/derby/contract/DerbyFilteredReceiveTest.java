package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.FilteredReceiveContract;

/** {@link FilteredReceiveContract} on the Derby backend. */
class DerbyFilteredReceiveTest extends FilteredReceiveContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
