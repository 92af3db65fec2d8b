package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.DeadLetterAndBatchContract;

/** {@link DeadLetterAndBatchContract} on the SQS backend against ElasticMQ. */
class SqsDeadLetterAndBatchTest extends DeadLetterAndBatchContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
