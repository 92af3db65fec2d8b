package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.concurrency.ConcurrencyContract;

/** {@link ConcurrencyContract} on PostgreSQL. */
class PostgresConcurrencyTest extends ConcurrencyContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
