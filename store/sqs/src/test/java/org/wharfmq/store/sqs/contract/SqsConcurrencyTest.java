package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.concurrency.ConcurrencyContract;

/** {@link ConcurrencyContract} on the SQS backend against ElasticMQ. */
class SqsConcurrencyTest extends ConcurrencyContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
