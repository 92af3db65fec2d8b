package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.MessageOptionsContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link MessageOptionsContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyMessageOptionsTest extends MessageOptionsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
