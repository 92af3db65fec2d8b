package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.XaContract;

/** {@link XaContract} on PostgreSQL. */
class PostgresXaTest extends XaContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
