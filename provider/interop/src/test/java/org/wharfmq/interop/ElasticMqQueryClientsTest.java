package org.wharfmq.interop;

/** The checks of {@link ForeignClientChecks} on ElasticMQ, every client over Query. */
class ElasticMqQueryClientsTest extends ForeignClientChecks {
    ElasticMqQueryClientsTest() {
        super(SqsServer::elasticMq, "query");
    }
}
