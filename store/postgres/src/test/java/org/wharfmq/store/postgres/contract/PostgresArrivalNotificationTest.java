package org.wharfmq.store.postgres.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.ArrivalNotificationContract;

/** {@link ArrivalNotificationContract} on PostgreSQL. */
class PostgresArrivalNotificationTest extends ArrivalNotificationContract {
    @Override
    protected Backend backend() {
        return PostgresBackends.POSTGRES;
    }
}
