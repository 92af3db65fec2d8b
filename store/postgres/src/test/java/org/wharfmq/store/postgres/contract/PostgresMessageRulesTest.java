package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.MessageRulesContract;

/** {@link MessageRulesContract} on PostgreSQL. */
class PostgresMessageRulesTest extends MessageRulesContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
