package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.MessageOptionsContract;

/** {@link MessageOptionsContract} on the Derby backend. */
class DerbyMessageOptionsTest extends MessageOptionsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
