package org.wharfmq.interop;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The checks of {@link AwsJmsLibraryChecks} on moto_server, Wharf over query. */
class MotoAwsJmsLibraryTest extends AwsJmsLibraryChecks {
    private static SqsServer server;

    @BeforeAll
    static void start() {
        server = SqsServer.moto();
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
        return "query";
    }
}
