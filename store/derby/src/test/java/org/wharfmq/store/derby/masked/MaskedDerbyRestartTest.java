package org.wharfmq.store.derby.masked;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.durability.RestartContract;
import org.wharfmq.store.derby.contract.DerbyBackends;

/** {@link RestartContract} on Derby masked down to the core model: what needs a capability is skipped. */
class MaskedDerbyRestartTest extends RestartContract {
    @Override
    protected Backend backend() {
        return DerbyBackends.MASKED;
    }
}
