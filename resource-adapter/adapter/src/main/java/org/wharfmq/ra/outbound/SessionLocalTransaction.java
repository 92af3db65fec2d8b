package org.wharfmq.ra.outbound;

import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Session;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.LocalTransaction;
import jakarta.resource.spi.LocalTransactionException;
import org.wharfmq.jms.WharfContext;

/**
 * A resource-local transaction (transaction support {@code LocalTransaction}) on a backend with
 * local transactions but no XA: a transacted session of the managed connection (and a context
 * over it), which its handles use from {@code begin} until {@code commit} or {@code rollback}
 * ends it. What a handle opened before {@code begin} stays on the connection's other session.
 */
final class SessionLocalTransaction implements LocalTransaction {
    private final Session session;
    private final JMSContext context;
    private volatile boolean active;

    /** Over a transacted session. */
    SessionLocalTransaction(Session transacted) {
        this.session = transacted;
        this.context = WharfContext.over(transacted);
    }

    Session session() {
        return session;
    }

    JMSContext context() {
        return context;
    }

    /** True between begin and the commit or rollback that ends the transaction. */
    boolean active() {
        return active;
    }

    @Override
    public synchronized void begin() throws ResourceException {
        if (active) {
            throw new LocalTransactionException("a Wharf local transaction is already active");
        }
        active = true;
    }

    @Override
    public synchronized void commit() throws ResourceException {
        end();
        try {
            session.commit();
        } catch (JMSException | JMSRuntimeException e) {
            throw failure("commit", e);
        }
    }

    @Override
    public synchronized void rollback() throws ResourceException {
        end();
        try {
            session.rollback();
        } catch (JMSException | JMSRuntimeException e) {
            throw failure("roll back", e);
        }
    }

    /** Ends the transaction: a failed commit or rollback ends it too (a failed commit rolls back). */
    private void end() throws LocalTransactionException {
        if (!active) {
            throw new LocalTransactionException("no Wharf local transaction is active");
        }
        active = false;
    }

    private static LocalTransactionException failure(String what, Exception e) {
        LocalTransactionException l = new LocalTransactionException("cannot " + what
                + " the Wharf local transaction: " + e.getMessage());
        l.initCause(e);
        return l;
    }
}
