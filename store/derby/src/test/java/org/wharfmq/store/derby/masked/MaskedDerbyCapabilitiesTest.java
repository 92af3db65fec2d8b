package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.CapabilitiesContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link CapabilitiesContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyCapabilitiesTest extends CapabilitiesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
