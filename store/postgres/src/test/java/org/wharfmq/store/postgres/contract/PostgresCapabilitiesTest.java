package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.CapabilitiesContract;

/** {@link CapabilitiesContract} on PostgreSQL. */
class PostgresCapabilitiesTest extends CapabilitiesContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
