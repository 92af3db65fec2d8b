package org.wharfmq.ra.outbound;

import jakarta.resource.spi.ConnectionRequestInfo;

/**
 * What a connection request asks for: the API of its handle and who connects. A managed
 * connection serves only requests equal to the one it was made for.
 */
record RequestInfo(Kind kind, String user, String password) implements ConnectionRequestInfo {

    /** The handle's API: a classic {@code Connection} or a {@code JMSContext}. */
    enum Kind { CONNECTION, CONTEXT }

    @Override
    public String toString() {
        return kind + (user == null ? "" : " as " + user);
    }
}
