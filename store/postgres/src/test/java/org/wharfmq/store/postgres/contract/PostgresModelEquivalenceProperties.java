package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.ModelEquivalenceContract;

/** {@link ModelEquivalenceContract} on PostgreSQL. */
class PostgresModelEquivalenceProperties extends ModelEquivalenceContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
