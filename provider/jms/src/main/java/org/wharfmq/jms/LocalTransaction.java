package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.List;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Receiving;
import org.wharfmq.store.model.RedeliveryPolicy;
import org.wharfmq.jms.gateway.Transacting;
import org.wharfmq.jms.gateway.Unit;

/**
 * A transacted session: consumed messages are deleted at commit, with the sends; rollback gives
 * them back after the redelivery delay, close (and a failed commit) at once. A session that joins
 * the application's transaction deletes each message in it when it is delivered.
 */
final class LocalTransaction extends Acknowledgement {
    private final Transacting transacting;
    private final java.util.function.Supplier<?> joined;
    private final List<Delivery> consumed = new ArrayList<>();
    private Unit unit;

    LocalTransaction(Receiving receiving, RedeliveryPolicy redelivery, Transacting transacting,
                     java.util.function.Supplier<?> joined) {
        super(receiving, redelivery);
        this.transacting = transacting;
        this.joined = joined;
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
    synchronized Unit unit() throws JMSException {
        if (unit == null) {
            Object resource = joined == null ? null : joined.get();
            unit = resource == null ? transacting.begin() : transacting.join(resource);
        }
        return unit;
    }

    @Override
    synchronized void delivered(Delivery d) throws JMSException {
        supersede(consumed, d);
        Unit u = unit();
        if (u.joined()) {
            u.consume(d);
        }
    }

    @Override
    void afterDelivery(Delivery d, boolean failed) {
    }

    @Override
    void checkCommit() {
    }

    @Override
    void commit() throws JMSException {
        List<Delivery> batch;
        Unit u;
        synchronized (this) {
            batch = new ArrayList<>(consumed);
            consumed.clear();
            u = unit();
            unit = null;
        }
        try {
            u.commit(batch);
        } catch (JMSException e) {
            batch.forEach(receiving::release);
            throw e;
        }
        batch.forEach(receiving::endExtension);
    }

    @Override
    void rollback() {
        discard().forEach(this::redeliver);
    }

    /** Rolls the unit back; returns the messages it consumed. */
    private List<Delivery> discard() {
        List<Delivery> batch;
        Unit u;
        synchronized (this) {
            batch = new ArrayList<>(consumed);
            consumed.clear();
            u = unit;
            unit = null;
        }
        if (u != null) {
            u.rollback();
        }
        return batch;
    }

    @Override
    void recover(boolean inListener) throws JMSException {
        throw new jakarta.jms.IllegalStateException("a transacted session cannot recover; roll back instead");
    }

    @Override
    void close() {
        discard().forEach(receiving::release);
    }
}
