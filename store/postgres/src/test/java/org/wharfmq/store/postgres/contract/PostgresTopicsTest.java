package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TopicsContract;

/** {@link TopicsContract} on PostgreSQL. */
class PostgresTopicsTest extends TopicsContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
