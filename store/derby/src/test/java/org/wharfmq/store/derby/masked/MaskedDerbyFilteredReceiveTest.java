package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.FilteredReceiveContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link FilteredReceiveContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyFilteredReceiveTest extends FilteredReceiveContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
