package org.wharfmq.interop;

/** The checks of {@link ForeignClientChecks} on moto_server, every client over Query. */
class MotoQueryClientsTest extends ForeignClientChecks {
    MotoQueryClientsTest() {
        super(SqsServer::moto, "query");
    }
}
