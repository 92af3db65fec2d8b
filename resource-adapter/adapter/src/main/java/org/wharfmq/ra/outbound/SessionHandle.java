package org.wharfmq.ra.outbound;

import java.lang.reflect.Method;
import java.util.Set;
import jakarta.jms.IllegalStateException;
import jakarta.jms.QueueSession;
import jakarta.jms.Session;
import jakarta.jms.TopicSession;
import jakarta.jms.TransactionInProgressException;

/**
 * A {@code Session} handle over its connection handle's managed session: in a transaction its
 * sends and receives join it; outside one they take effect at once.
 */
final class SessionHandle extends Handle {
    private static final Set<String> FORBIDDEN = Set.of("setMessageListener", "run");

    private final ConnectionHandle connection;

    SessionHandle(ConnectionHandle connection) {
        super(connection.owner(), FORBIDDEN, Session.class, QueueSession.class, TopicSession.class);
        this.connection = connection;
    }

    @Override
    public RequestInfo.Kind kind() {
        return RequestInfo.Kind.CONNECTION;
    }

    /** The session of the managed connection its connection handle has now. */
    @Override
    Object target() {
        return connection.owner().session();
    }

    /** A local transaction is the server's to end, as an XA one is (the XA session refuses itself). */
    @Override
    Object intercept(Method method, Object[] args) throws Exception {
        String name = method.getName();
        if ((name.equals("commit") || name.equals("rollback")) && connection.owner().inLocalTransaction()) {
            throw new TransactionInProgressException("Session." + name + " is not allowed in a transaction"
                    + " the server manages");
        }
        return null;
    }

    @Override
    Exception closedError() {
        return new IllegalStateException("the session is closed");
    }

    @Override
    Exception forbiddenError(String method) {
        return new IllegalStateException("Session." + method + " is not allowed in a Jakarta EE component");
    }

    @Override
    void afterClose() {
        // The physical session stays with its managed connection.
    }
}
