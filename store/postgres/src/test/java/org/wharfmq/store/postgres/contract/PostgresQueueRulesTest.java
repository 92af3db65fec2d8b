package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.QueueRulesContract;

/** {@link QueueRulesContract} on PostgreSQL. */
class PostgresQueueRulesTest extends QueueRulesContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
