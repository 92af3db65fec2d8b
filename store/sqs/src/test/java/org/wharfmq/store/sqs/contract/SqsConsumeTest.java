package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.ConsumeContract;

/** {@link ConsumeContract} on the SQS backend against ElasticMQ. */
class SqsConsumeTest extends ConsumeContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
