package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.LeaseContract;

/** {@link LeaseContract} on the SQS backend against ElasticMQ. */
class SqsLeaseTest extends LeaseContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
