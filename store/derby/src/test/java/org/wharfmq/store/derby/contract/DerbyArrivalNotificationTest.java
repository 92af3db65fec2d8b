package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.ArrivalNotificationContract;

/** {@link ArrivalNotificationContract} on Derby. */
class DerbyArrivalNotificationTest extends ArrivalNotificationContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
