package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.concurrency.SharedStoreContract;

/** {@link SharedStoreContract} on PostgreSQL. */
class PostgresSharedStoreTest extends SharedStoreContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
