package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.XaContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link XaContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyXaTest extends XaContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
