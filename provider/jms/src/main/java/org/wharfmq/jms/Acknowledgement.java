package org.wharfmq.jms;

import javax.transaction.xa.XAResource;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Receiving;
import org.wharfmq.store.model.RedeliveryPolicy;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.jms.gateway.Transacting;
import org.wharfmq.jms.gateway.Unit;

/**
 * What becomes of the messages a session hands to the application: one strategy per
 * acknowledgement mode, chosen when the session is made, and called alike by its consumers, by a
 * connection consumer's deliveries and by the JMSContext API.
 * <ul>
 * <li>{@link Automatic} (AUTO_ACKNOWLEDGE, DUPS_OK_ACKNOWLEDGE): a receive deletes as it takes; a
 * listener's message is deleted when the listener returns, released when it throws or calls recover.</li>
 * <li>{@link ClientAcknowledgement} (CLIENT_ACKNOWLEDGE, INDIVIDUAL_ACKNOWLEDGE): deleted on
 * {@code Message.acknowledge()}; released by recover and close.</li>
 * <li>{@link LocalTransaction}: deleted at commit with the session's sends; released by rollback.</li>
 * <li>{@link XaAcknowledgement}: deleted by the XA branch the session is in; outside a branch, automatic.</li>
 * </ul>
 * A message the application failed on (rollback, recover, a listener's exception) comes back after
 * the redelivery delay ({@link Receiving#redeliver}); one merely not taken (a session or
 * consumer closing) comes back at once.
 */
abstract class Acknowledgement {
    final Receiving receiving;
    /** The consumer's own redelivery backoff (connection URL, MDB activation), or null for the queue's. */
    final RedeliveryPolicy redelivery;
    /** The XA resource of a session that is not an XA session (its branches carry none of its work). */
    private XAResource detachedXa;

    Acknowledgement(Receiving receiving, RedeliveryPolicy redelivery) {
        this.receiving = receiving;
        this.redelivery = redelivery;
    }

    /** Gives {@code d} back after its redelivery delay. */
    void redeliver(Delivery d) {
        receiving.redeliver(d, redelivery);
    }

    /**
     * The session mode {@code mode} names, checked unless the session is transacted; the alias of
     * INDIVIDUAL_ACKNOWLEDGE is that mode.
     */
    static int mode(boolean transacted, int mode) throws JMSException {
        if (!transacted && mode != Session.AUTO_ACKNOWLEDGE && mode != Session.CLIENT_ACKNOWLEDGE
                && mode != Session.DUPS_OK_ACKNOWLEDGE && mode != WharfSession.INDIVIDUAL_ACKNOWLEDGE
                && mode != WharfSession.INDIVIDUAL_ACKNOWLEDGE_ALIAS) {
            throw new JMSException("acknowledge mode " + mode + " is not one of AUTO_ACKNOWLEDGE (1),"
                    + " CLIENT_ACKNOWLEDGE (2), DUPS_OK_ACKNOWLEDGE (3), SESSION_TRANSACTED (0) or"
                    + " INDIVIDUAL_ACKNOWLEDGE (101, alias 100)");
        }
        return mode == WharfSession.INDIVIDUAL_ACKNOWLEDGE_ALIAS ? WharfSession.INDIVIDUAL_ACKNOWLEDGE : mode;
    }

    /** The strategy for a session of this mode. */
    static Acknowledgement of(WharfSession session, StoreGateway gateway, boolean transacted, int mode, boolean xa)
            throws JMSException {
        RedeliveryPolicy redelivery = session.connection.options.redelivery();
        // Whether AUTO and DUPS_OK receives wait until their delete is durable (connection option autoAck=durable).
        boolean durableAutoAck = session.connection.options.durableAutoAck();
        Receiving receiving = gateway.receiving();
        if (xa) {
            gateway.capabilities().requireXa("an XA session");
            return new XaAcknowledgement(receiving, redelivery, gateway.transacting(),
                    new Automatic(receiving, redelivery, durableAutoAck, session.connection::report));
        }
        if (transacted) {
            gateway.capabilities().requireTransactions("a transacted session");
            return new LocalTransaction(receiving, redelivery, gateway.transacting(), session.connection.joined);
        }
        return switch (mode) {
            case Session.AUTO_ACKNOWLEDGE, Session.DUPS_OK_ACKNOWLEDGE ->
                    new Automatic(receiving, redelivery, durableAutoAck, session.connection::report);
            case Session.CLIENT_ACKNOWLEDGE -> new ClientAcknowledgement(receiving, redelivery, session, false);
            default -> new ClientAcknowledgement(receiving, redelivery, session, true);
        };
    }

    /** True when a synchronous receive may delete the message as it takes it (the consume fast path). */
    abstract boolean consumesOnReceive();

    /**
     * True when a listener's message is acknowledged or released as soon as the listener returns,
     * and the store need not make its receive or acknowledgement durable first (a lease).
     */
    boolean settlesListenerDeliveriesAtOnce() {
        return false;
    }

    /**
     * True when a listener's message stays the session's after the listener returns, until an
     * acknowledge, commit, rollback, recover or close settles it: its visibility is extended until
     * then. False when it is settled as the listener returns, or by an XA transaction manager,
     * which ends the branch once the server session's batch is delivered.
     */
    boolean holdsAfterDelivery() {
        return false;
    }

    /** The unit of work this session's sends join, or null. */
    abstract Unit unit() throws JMSException;

    /** The application is about to get {@code d} (a receive returns it, or a listener is called). */
    abstract void delivered(Delivery d) throws JMSException;

    /**
     * The application is done with {@code d}: a receive returned it ({@code failed} false), or a
     * listener returned or threw.
     */
    abstract void afterDelivery(Delivery d, boolean failed) throws JMSException;

    /** A synchronous receive of the session is about to look for a message. */
    void beforeReceive() {
    }

    /** A synchronous receive returns {@code d} to the application. */
    void received(Delivery d) throws JMSException {
        afterDelivery(d, false);
    }

    /** A consumer of the session closes. */
    void consumerClosing() {
    }

    /** JMSConsumer.receiveBody could not convert the message: automatic modes give it back, others count it consumed. */
    void refused(Delivery d) throws JMSException {
        afterDelivery(d, false);
    }

    /** JMSContext.acknowledge(): acknowledges what the session consumed (CLIENT_ACKNOWLEDGE only). */
    void acknowledgeAll() throws JMSException {
    }

    /** Session.recover(); {@code inListener} when a listener of the session calls it. */
    abstract void recover(boolean inListener) throws JMSException;

    /**
     * Session.getXAResource(): one of the session's own, made on first use, whose branches carry none
     * of its work; an XA session's is its branch's.
     */
    synchronized XAResource xaResource(Transacting transacting) throws JMSException {
        if (detachedXa == null) {
            detachedXa = transacting.xa().resource();
        }
        return detachedXa;
    }

    /** Fails unless the session itself may commit and roll back (a local transaction). */
    void checkCommit() throws JMSException {
        throw new jakarta.jms.IllegalStateException("the session is not transacted");
    }

    /** Session.commit(), after {@link #checkCommit}. */
    void commit() throws JMSException {
    }

    /** Session.rollback(), after {@link #checkCommit}. */
    void rollback() throws JMSException {
    }

    abstract void close() throws JMSException;

    /** Adds {@code d} to {@code pending}; a redelivery replaces an earlier delivery of the same message. */
    static void supersede(java.util.List<Delivery> pending, Delivery d) {
        String id = d.message().getJMSMessageID();
        pending.removeIf(old -> old.queueUrl().equals(d.queueUrl()) && old.message().getJMSMessageID().equals(id));
        pending.add(d);
    }
}
