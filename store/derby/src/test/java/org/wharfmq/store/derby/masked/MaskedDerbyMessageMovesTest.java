package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.MessageMovesContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link MessageMovesContract} on Derby masked down to the core model (skipped: the mask hides it). */
class MaskedDerbyMessageMovesTest extends MessageMovesContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
