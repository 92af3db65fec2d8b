package org.wharfmq.jms;

import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Receiving;
import org.wharfmq.store.model.RedeliveryPolicy;
import org.wharfmq.jms.gateway.Transacting;
import org.wharfmq.jms.gateway.Unit;
import org.wharfmq.jms.gateway.XaBranch;

/**
 * An XA session: inside a branch, a delivered message is deleted by the branch's commit (the
 * transaction manager decides), and should the branch roll back the store gives it back after the
 * redelivery delay, reckoned at delivery; outside one, the session acknowledges automatically.
 */
final class XaAcknowledgement extends Acknowledgement {
    private final Transacting transacting;
    private final Automatic outside;
    private XaBranch branch;

    /** For a store that offers XA transactions. */
    XaAcknowledgement(Receiving receiving, RedeliveryPolicy redelivery, Transacting transacting, Automatic outside) {
        super(receiving, redelivery);
        this.transacting = transacting;
        this.outside = outside;
    }

    /** The session's XA branch, made on first use. */
    private synchronized XaBranch branch() throws JMSException {
        if (branch == null) {
            branch = transacting.xa();
        }
        return branch;
    }

    @Override
    XAResource xaResource(Transacting ignored) throws JMSException {
        return branch().resource();
    }

    private synchronized Unit current() {
        return branch == null ? null : branch.current();
    }

    @Override
    boolean consumesOnReceive() {
        return current() == null && outside.consumesOnReceive();
    }

    @Override
    Unit unit() {
        return current();
    }

    @Override
    void delivered(Delivery d) throws JMSException {
        Unit u = current();
        if (u != null) {
            u.acknowledge(d, receiving.redeliveryDelay(d, redelivery));
        }
    }

    @Override
    void afterDelivery(Delivery d, boolean failed) throws JMSException {
        if (current() == null) {
            outside.afterDelivery(d, failed);
        }
    }

    @Override
    void refused(Delivery d) throws JMSException {
        if (current() == null) {
            outside.refused(d);
        }
    }

    @Override
    void beforeReceive() {
        outside.beforeReceive();
    }

    @Override
    void received(Delivery d) throws JMSException {
        if (current() == null) {
            outside.received(d);
        }
    }

    @Override
    void consumerClosing() {
        outside.consumerClosing();
    }

    @Override
    void checkCommit() throws JMSException {
        throw new jakarta.jms.TransactionInProgressException(
                "an XA session is committed and rolled back by its transaction manager");
    }

    /**
     * Outside a branch the session acknowledges automatically, and recovers as such a session does
     * (a server's handle outside a transaction is a non-transacted session to its application).
     */
    @Override
    void recover(boolean inListener) throws JMSException {
        if (current() != null) {
            throw new jakarta.jms.IllegalStateException("a session in an XA transaction cannot recover; roll back instead");
        }
        outside.recover(inListener);
    }

    @Override
    void close() {
        outside.close();
    }
}
