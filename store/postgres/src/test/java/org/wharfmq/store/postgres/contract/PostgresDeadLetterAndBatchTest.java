package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.DeadLetterAndBatchContract;

/** {@link DeadLetterAndBatchContract} on PostgreSQL. */
class PostgresDeadLetterAndBatchTest extends DeadLetterAndBatchContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
