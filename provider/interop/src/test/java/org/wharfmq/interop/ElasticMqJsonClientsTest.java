package org.wharfmq.interop;

/** The checks of {@link ForeignClientChecks} on ElasticMQ, every client over Json. */
class ElasticMqJsonClientsTest extends ForeignClientChecks {
    ElasticMqJsonClientsTest() {
        super(SqsServer::elasticMq, "json");
    }
}
