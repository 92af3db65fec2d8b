package org.wharfmq.interop;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The checks of {@link AwsJmsLibraryChecks} on ElasticMQ, Wharf over json. */
class ElasticMqAwsJmsLibraryTest extends AwsJmsLibraryChecks {
    private static SqsServer server;

    @BeforeAll
    static void start() {
        server = SqsServer.elasticMq();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Override
    SqsServer server() {
        return server;
    }

    @Override
    String protocol() {
        return "json";
    }
}
