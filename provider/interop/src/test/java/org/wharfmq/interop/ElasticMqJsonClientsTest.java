package org.wharfmq.interop;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The checks of {@link ForeignClientChecks} on ElasticMQ, every client over Json. */
class ElasticMqJsonClientsTest extends ForeignClientChecks {
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
