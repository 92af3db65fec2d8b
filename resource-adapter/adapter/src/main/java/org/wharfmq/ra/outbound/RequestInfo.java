package org.wharfmq.ra.outbound;

import java.util.Objects;
import jakarta.resource.spi.ConnectionRequestInfo;

/**
 * What a connection request asks for: the API of its handle, who connects, and the session mode
 * asked of a JMSContext. A managed connection serves every request of the user it was made for,
 * whichever API and mode it asks for, so requests are equal when their user and password are.
 */
record RequestInfo(Kind kind, String user, String password, int sessionMode) implements ConnectionRequestInfo {

    RequestInfo(Kind kind, String user, String password) {
        this(kind, user, password, jakarta.jms.JMSContext.AUTO_ACKNOWLEDGE);
    }

    /** The handle's API: a classic {@code Connection} or a {@code JMSContext}. */
    enum Kind { CONNECTION, CONTEXT }

    @Override
    public boolean equals(Object o) {
        return o instanceof RequestInfo r && Objects.equals(r.user, user) && Objects.equals(r.password, password);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(user);
    }

    @Override
    public String toString() {
        return kind + (user == null ? "" : " as " + user);
    }
}
