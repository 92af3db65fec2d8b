package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.BrowsingContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link BrowsingContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyBrowsingTest extends BrowsingContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
