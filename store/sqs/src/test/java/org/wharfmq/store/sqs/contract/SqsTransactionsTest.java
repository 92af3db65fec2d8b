package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TransactionsContract;

/** The local transactions contract on SQS. */
class SqsTransactionsTest extends TransactionsContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
