package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.rules.RedeliveryPolicyContract;

/** {@link RedeliveryPolicyContract} on the SQS backend against ElasticMQ (kept as a queue tag). */
class SqsRedeliveryPolicyTest extends RedeliveryPolicyContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
