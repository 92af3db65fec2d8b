package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.ConsumeContract;

/** {@link ConsumeContract} on PostgreSQL. */
class PostgresConsumeTest extends ConsumeContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
