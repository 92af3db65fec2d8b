package org.wharfmq.interop;

import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/** Checks that share one server per test class, on one protocol: a subclass names both. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OnOneServer {
    private final Supplier<SqsServer> start;
    private final String protocol;
    private SqsServer server;

    /** {@code start} starts the server this class's tests share; Wharf speaks {@code protocol}, json or query. */
    OnOneServer(Supplier<SqsServer> start, String protocol) {
        this.start = start;
        this.protocol = protocol;
    }

    @BeforeAll
    void startServer() {
        server = start.get();
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    SqsServer server() {
        return server;
    }

    /** json or query. */
    String protocol() {
        return protocol;
    }
}
