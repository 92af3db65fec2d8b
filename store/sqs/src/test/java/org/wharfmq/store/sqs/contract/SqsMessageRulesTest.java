package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.MessageRulesContract;

/** {@link MessageRulesContract} on the SQS backend against ElasticMQ. */
class SqsMessageRulesTest extends MessageRulesContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
