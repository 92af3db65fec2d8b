package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TransactionsContract;

/** {@link TransactionsContract} on PostgreSQL. */
class PostgresTransactionsTest extends TransactionsContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
