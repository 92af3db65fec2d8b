package org.wharfmq.ra.outbound;

import java.lang.reflect.Method;
import java.util.Set;
import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.QueueConnection;
import jakarta.jms.TopicConnection;

/**
 * A {@code Connection} handle. It has at most one open session, as Jakarta Messaging allows an EE
 * component, and that session is the managed connection's XA session.
 */
final class ConnectionHandle extends Handle {
    private static final Set<String> FORBIDDEN = Set.of("setClientID", "setExceptionListener", "stop",
            "createConnectionConsumer", "createSharedConnectionConsumer", "createDurableConnectionConsumer",
            "createSharedDurableConnectionConsumer");

    private SessionHandle session;

    ConnectionHandle(WharfManagedConnection owner) {
        super(owner, FORBIDDEN, Connection.class, QueueConnection.class, TopicConnection.class);
    }

    @Override
    RequestInfo.Kind kind() {
        return RequestInfo.Kind.CONNECTION;
    }

    @Override
    Object target() {
        return owner().connection();
    }

    @Override
    Object intercept(Method method, Object[] args) throws JMSException {
        String name = method.getName();
        if (!name.equals("createSession") && !name.equals("createQueueSession") && !name.equals("createTopicSession")) {
            return null;
        }
        synchronized (this) {
            if (session != null && !session.isClosed()) {
                throw new IllegalStateException("a connection in a Jakarta EE component has one session at a time;"
                        + " close the first before creating another");
            }
            session = new SessionHandle(this);
            opened(session.asCloseable());
            return session.proxy();
        }
    }

    @Override
    Exception closedError() {
        return new IllegalStateException("the connection is closed");
    }

    @Override
    Exception forbiddenError(String method) {
        return new IllegalStateException("Connection." + method + " is not allowed in a Jakarta EE component");
    }

    @Override
    void afterClose() {
        owner().closed(this);
    }
}
