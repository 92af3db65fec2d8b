package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.NonDurableSendContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link NonDurableSendContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyNonDurableSendTest extends NonDurableSendContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
