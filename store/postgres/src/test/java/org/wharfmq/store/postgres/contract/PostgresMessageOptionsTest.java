package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.MessageOptionsContract;

/** {@link MessageOptionsContract} on PostgreSQL. */
class PostgresMessageOptionsTest extends MessageOptionsContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
