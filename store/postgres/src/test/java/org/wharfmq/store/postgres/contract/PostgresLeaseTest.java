package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.LeaseContract;

/** {@link LeaseContract} on PostgreSQL. */
class PostgresLeaseTest extends LeaseContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
