package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.FifoRulesContract;

/** {@link FifoRulesContract} on the SQS backend against ElasticMQ. */
class SqsFifoRulesTest extends FifoRulesContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
