package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.ConsumeContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link ConsumeContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyConsumeTest extends ConsumeContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
