package org.wharfmq.ra.outbound;

import java.lang.reflect.Method;
import java.util.Set;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSContext;
import jakarta.jms.TransactionInProgressRuntimeException;

/** A {@code JMSContext} handle over the managed connection's context. */
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

    /** A local transaction is the server's to end, as an XA one is (the XA context refuses itself). */
    @Override
    Object intercept(Method method, Object[] args) {
        String name = method.getName();
        if ((name.equals("commit") || name.equals("rollback")) && owner().inLocalTransaction()) {
            throw new TransactionInProgressRuntimeException("JMSContext." + name + " is not allowed in a"
                    + " transaction the server manages");
        }
        return null;
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
