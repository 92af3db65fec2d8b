package org.wharfmq.store.sqs.contract;

import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.extensions.StatisticsContract;

/** {@link StatisticsContract} on the SQS backend against ElasticMQ. */
class SqsStatisticsTest extends StatisticsContract {
    @Override
    protected Backend backend() {
        return SqsBackends.SQS;
    }
}
