package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.BrowsingContract;

/** {@link BrowsingContract} on PostgreSQL. */
class PostgresBrowsingTest extends BrowsingContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
