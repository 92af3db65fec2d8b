package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.CapabilitiesContract;

/** {@link CapabilitiesContract} on the SQS backend against ElasticMQ. */
class SqsCapabilitiesTest extends CapabilitiesContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
