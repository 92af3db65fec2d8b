package org.wharfmq.ra.outbound;

import java.lang.reflect.Method;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSContext;
import jakarta.jms.TransactionInProgressRuntimeException;

/**
 * A {@code JMSContext} handle over the managed connection's context. Its session mode is not used
 * (Jakarta Messaging 12.3): in a transaction the context takes part in the transaction, which the
 * server ends; outside one it is AUTO_ACKNOWLEDGE.
 */
final class ContextHandle extends Handle {

    /** What the application asked for: only DUPS_OK_ACKNOWLEDGE is kept, as AUTO_ACKNOWLEDGE serves it. */
    private final int requested;

    ContextHandle(WharfManagedConnection owner, int requested) {
        super(owner, JMSContext.class);
        this.requested = requested;
    }

    @Override
    public RequestInfo.Kind kind() {
        return RequestInfo.Kind.CONTEXT;
    }

    @Override
    Object target() {
        return owner().context();
    }

    private boolean inTransaction() {
        return owner().inTransaction();
    }

    @Override
    Object intercept(Method method, Object[] args) {
        String name = method.getName();
        return switch (name) {
            case "getTransacted" -> inTransaction();
            case "getSessionMode" -> inTransaction() ? JMSContext.SESSION_TRANSACTED
                    : requested == JMSContext.DUPS_OK_ACKNOWLEDGE ? requested : JMSContext.AUTO_ACKNOWLEDGE;
            case "commit", "rollback" -> {
                if (inTransaction()) {
                    throw new TransactionInProgressRuntimeException("JMSContext." + name + " is not allowed in a"
                            + " transaction the server manages: the context takes part in it, and the transaction"
                            + " manager commits or rolls it back (Jakarta Messaging 12.3)");
                }
                throw new IllegalStateRuntimeException("JMSContext." + name + " is not allowed: outside a"
                        + " transaction the context of a Jakarta EE component is non-transacted"
                        + " (Jakarta Messaging 12.3)");
            }
            case "recover" -> {
                if (inTransaction()) {
                    throw new IllegalStateRuntimeException("JMSContext.recover is not allowed in a transaction the"
                            + " server manages: the context takes part in it (Jakarta Messaging 12.3)");
                }
                // An XA context out of its transaction acknowledges each message as it is received:
                // none is left to redeliver.
                yield ((JMSContext) target()).getTransacted() ? null : PASS;
            }
            default -> PASS;
        };
    }

    @Override
    Exception closedError() {
        return new IllegalStateRuntimeException("the JMSContext is closed");
    }

    @Override
    void afterClose() {
        owner().closed(this);
    }
}
