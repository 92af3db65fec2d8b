package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.List;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Receiving;
import org.wharfmq.store.model.RedeliveryPolicy;
import org.wharfmq.jms.gateway.Unit;

/**
 * CLIENT_ACKNOWLEDGE (acknowledging a message acknowledges every message the session consumed)
 * and INDIVIDUAL_ACKNOWLEDGE (just that one). Unacknowledged messages come back after the
 * redelivery delay on recover, and at once on close.
 */
final class ClientAcknowledgement extends Acknowledgement {
    private final WharfSession session;
    private final boolean individual;
    private final List<Delivery> unacked = new ArrayList<>();

    ClientAcknowledgement(Receiving receiving, RedeliveryPolicy redelivery, WharfSession session, boolean individual) {
        super(receiving, redelivery);
        this.session = session;
        this.individual = individual;
    }

    @Override
    boolean consumesOnReceive() {
        return false;
    }

    @Override
    boolean holdsAfterDelivery() {
        return true;
    }

    @Override
    Unit unit() {
        return null;
    }

    @Override
    void delivered(Delivery d) {
        synchronized (this) {
            supersede(unacked, d);
        }
        d.message().setAcknowledger(() -> acknowledge(d));
    }

    @Override
    void afterDelivery(Delivery d, boolean failed) {
    }

    private void acknowledge(Delivery which) throws JMSException {
        if (session.isClosed() && !WharfSession.inListenerOf(session)) {
            throw new jakarta.jms.IllegalStateException("the session of message " + which.message().getJMSMessageID()
                    + " is closed");
        }
        List<Delivery> batch;
        synchronized (this) {
            if (individual) {
                batch = unacked.remove(which) ? List.of(which) : List.of();
            } else {
                batch = new ArrayList<>(unacked);
                unacked.clear();
            }
        }
        receiving.acknowledge(batch);
    }

    @Override
    void acknowledgeAll() throws JMSException {
        List<Delivery> batch;
        synchronized (this) {
            batch = new ArrayList<>(unacked);
            unacked.clear();
        }
        receiving.acknowledge(batch);
    }

    @Override
    void recover(boolean inListener) {
        takeUnacked().forEach(this::redeliver);
    }

    @Override
    void close() {
        takeUnacked().forEach(receiving::release);
    }

    private synchronized List<Delivery> takeUnacked() {
        List<Delivery> batch = new ArrayList<>(unacked);
        unacked.clear();
        return batch;
    }
}
