package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.ModelEquivalenceContract;

/** {@link ModelEquivalenceContract} on the SQS backend against ElasticMQ. */
class SqsModelEquivalenceProperties extends ModelEquivalenceContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
