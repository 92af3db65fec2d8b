package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.FilteredReceiveContract;

/** {@link FilteredReceiveContract} on PostgreSQL. */
class PostgresFilteredReceiveTest extends FilteredReceiveContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
