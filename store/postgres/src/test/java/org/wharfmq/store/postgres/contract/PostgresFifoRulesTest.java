package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.FifoRulesContract;

/** {@link FifoRulesContract} on PostgreSQL. */
class PostgresFifoRulesTest extends FifoRulesContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
