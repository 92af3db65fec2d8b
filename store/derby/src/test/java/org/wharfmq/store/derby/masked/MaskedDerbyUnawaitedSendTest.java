package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.UnawaitedSendContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link UnawaitedSendContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyUnawaitedSendTest extends UnawaitedSendContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
