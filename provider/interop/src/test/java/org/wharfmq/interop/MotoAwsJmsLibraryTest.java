package org.wharfmq.interop;

/** The checks of {@link AwsJmsLibraryChecks} on moto_server, Wharf over query. */
class MotoAwsJmsLibraryTest extends AwsJmsLibraryChecks {
    MotoAwsJmsLibraryTest() {
        super(SqsServer::moto, "query");
    }
}
