package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.StatisticsContract;

/** {@link StatisticsContract} on PostgreSQL. */
class PostgresStatisticsTest extends StatisticsContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
