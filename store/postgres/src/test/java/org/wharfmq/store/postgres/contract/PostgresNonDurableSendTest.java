package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.NonDurableSendContract;

/** {@link NonDurableSendContract} on PostgreSQL. */
class PostgresNonDurableSendTest extends NonDurableSendContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
