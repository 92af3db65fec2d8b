package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.RedeliveryPolicyContract;

/** {@link RedeliveryPolicyContract} on PostgreSQL. */
class PostgresRedeliveryPolicyTest extends RedeliveryPolicyContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
