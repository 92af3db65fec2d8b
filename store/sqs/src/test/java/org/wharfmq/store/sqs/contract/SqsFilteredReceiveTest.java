package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.FilteredReceiveContract;

/** {@link FilteredReceiveContract} on the SQS backend against ElasticMQ. */
class SqsFilteredReceiveTest extends FilteredReceiveContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
