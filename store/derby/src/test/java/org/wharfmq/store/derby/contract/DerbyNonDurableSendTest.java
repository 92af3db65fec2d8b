package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.NonDurableSendContract;

/** {@link NonDurableSendContract} on the Derby backend. */
class DerbyNonDurableSendTest extends NonDurableSendContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
