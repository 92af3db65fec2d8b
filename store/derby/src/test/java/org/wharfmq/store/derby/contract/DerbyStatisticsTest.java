package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.StatisticsContract;

/** {@link StatisticsContract} on Derby. */
class DerbyStatisticsTest extends StatisticsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
