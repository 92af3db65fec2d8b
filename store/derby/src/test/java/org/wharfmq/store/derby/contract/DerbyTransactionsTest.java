package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TransactionsContract;

/** {@link TransactionsContract} on the Derby backend. */
class DerbyTransactionsTest extends TransactionsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
