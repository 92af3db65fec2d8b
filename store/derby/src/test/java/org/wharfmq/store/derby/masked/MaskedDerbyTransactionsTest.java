package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TransactionsContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link TransactionsContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyTransactionsTest extends TransactionsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
