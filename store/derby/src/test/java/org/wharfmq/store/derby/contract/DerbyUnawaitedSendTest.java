package org.wharfmq.store.derby.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.UnawaitedSendContract;

/** {@link UnawaitedSendContract} on the Derby backend. */
class DerbyUnawaitedSendTest extends UnawaitedSendContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.DERBY;
    }
}
