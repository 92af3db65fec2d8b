package org.wharfmq.interop;

/** The checks of {@link ForeignClientChecks} on moto_server, every client over Json. */
class MotoJsonClientsTest extends ForeignClientChecks {
    MotoJsonClientsTest() {
        super(SqsServer::moto, "json");
    }
}
