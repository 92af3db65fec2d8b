package org.wharfmq.jms.gateway;

import jakarta.jms.JMSException;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.StoreTransaction;

/** A unit of work in the store (a local transaction or an XA branch): sends and deletes that commit together. */
public final class Unit {
    final StoreTransaction tx;

    Unit(StoreTransaction tx) {
        this.tx = tx;
    }

    /** Deletes the message at commit. */
    public void acknowledge(Delivery d) throws JMSException {
        Errors.call(() -> {
            tx.deleteMessage(d.queueUrl(), d.receiptHandle());
            return null;
        });
    }

    /**
     * Deletes {@code consumed} and commits everything; on failure nothing is applied and a
     * TransactionRolledBackException says why.
     */
    public void commit(java.util.List<Delivery> consumed) throws JMSException {
        try {
            for (Delivery d : consumed) {
                tx.deleteMessage(d.queueUrl(), d.receiptHandle());
            }
            tx.commit();
        } catch (QueueServiceException e) {
            throw Errors.rolledBack("the transaction was rolled back", e);
        }
    }

    public void rollback() {
        tx.rollback();
    }
}
