package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.XaContract;

/** {@link XaContract} on the Derby backend. */
class DerbyXaTest extends XaContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
