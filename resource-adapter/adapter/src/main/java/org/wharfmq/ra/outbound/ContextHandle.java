package org.wharfmq.ra.outbound;

import java.util.Set;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSContext;

/** A {@code JMSContext} handle over the managed connection's XA context. */
final class ContextHandle extends Handle {
    private static final Set<String> FORBIDDEN = Set.of("setClientID", "setExceptionListener", "stop",
            "createContext");

    ContextHandle(WharfManagedConnection owner) {
        super(owner, FORBIDDEN, JMSContext.class);
    }

    @Override
    public RequestInfo.Kind kind() {
        return RequestInfo.Kind.CONTEXT;
    }

    @Override
    Object target() {
        return owner().context();
    }

    @Override
    Exception closedError() {
        return new IllegalStateRuntimeException("the JMSContext is closed");
    }

    @Override
    Exception forbiddenError(String method) {
        return new IllegalStateRuntimeException("JMSContext." + method + " is not allowed in a Jakarta EE component");
    }

    @Override
    void afterClose() {
        owner().closed(this);
    }
}
