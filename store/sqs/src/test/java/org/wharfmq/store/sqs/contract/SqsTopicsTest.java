package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.TopicsContract;

/** The topics contract on SQS. */
class SqsTopicsTest extends TopicsContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
