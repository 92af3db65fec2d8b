package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.MessageMovesContract;

/** {@link MessageMovesContract} on Derby. */
class DerbyMessageMovesTest extends MessageMovesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
