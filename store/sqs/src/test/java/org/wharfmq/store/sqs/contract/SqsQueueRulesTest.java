package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.QueueRulesContract;

/** {@link QueueRulesContract} on the SQS backend against ElasticMQ. */
class SqsQueueRulesTest extends QueueRulesContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
