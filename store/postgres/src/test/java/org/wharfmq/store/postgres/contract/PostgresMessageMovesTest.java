package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.MessageMovesContract;

/** {@link MessageMovesContract} on PostgreSQL. */
class PostgresMessageMovesTest extends MessageMovesContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
