package org.wharfmq.jms.gateway;

import jakarta.jms.JMSException;

/** Begins units of work in one store: local transactions ({@link Unit}) and XA resources ({@link XaBranch}). */
public final class Transacting {
    private final Capabilities capabilities;

    Transacting(Capabilities capabilities) {
        this.capabilities = capabilities;
    }

    /** A new local unit of work. */
    public Unit begin() throws JMSException {
        capabilities.requireTransactions("a transacted session");
        return new Unit(capabilities.transactions.begin(), false);
    }

    /**
     * A unit of work on the application's own transaction {@code resource} (for a database store, a
     * JDBC connection to its database), whose commit or rollback decides the unit's work.
     */
    public Unit join(Object resource) throws JMSException {
        capabilities.requireJoined("a session that joins the application's transaction");
        return Errors.call(() -> new Unit(capabilities.joinedTransactions.join(resource), true));
    }

    /** A new XA resource. */
    public XaBranch xa() throws JMSException {
        capabilities.requireXa("an XA session");
        return new XaBranch(capabilities.xaTransactions.xaResource());
    }
}
