package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.StatisticsContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link StatisticsContract} on Derby masked down to the core model. */
class MaskedDerbyStatisticsTest extends StatisticsContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
