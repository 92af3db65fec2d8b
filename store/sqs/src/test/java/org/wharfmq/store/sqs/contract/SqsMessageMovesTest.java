package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.MessageMovesContract;

/** {@link MessageMovesContract} on the SQS backend against ElasticMQ. */
class SqsMessageMovesTest extends MessageMovesContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
