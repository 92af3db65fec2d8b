package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.LeaseContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link LeaseContract} on Derby masked down to the core model. */
class MaskedDerbyLeaseTest extends LeaseContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
