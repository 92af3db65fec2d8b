package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.durability.CrashContract;

/** {@link CrashContract} on PostgreSQL. */
class PostgresCrashTest extends CrashContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
