package org.wharfmq.interop;

/** The checks of {@link AwsJmsLibraryChecks} on ElasticMQ, Wharf over json. */
class ElasticMqAwsJmsLibraryTest extends AwsJmsLibraryChecks {
    ElasticMqAwsJmsLibraryTest() {
        super(SqsServer::elasticMq, "json");
    }
}
