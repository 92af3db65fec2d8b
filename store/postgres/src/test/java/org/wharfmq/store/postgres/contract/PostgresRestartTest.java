package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.durability.RestartContract;

/** {@link RestartContract} on PostgreSQL. */
class PostgresRestartTest extends RestartContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
