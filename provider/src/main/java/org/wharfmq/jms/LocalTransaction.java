package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.List;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.jms.gateway.Unit;

/** A transacted session: consumed messages are deleted at commit, with the sends; rollback and close release them. */
final class LocalTransaction extends Acknowledgement {
    private final List<Delivery> consumed = new ArrayList<>();
    private Unit unit;

    LocalTransaction(StoreGateway gateway) {
        super(gateway);
    }

    @Override
    boolean consumesOnReceive() {
        return false;
    }

    @Override
    synchronized Unit unit() throws JMSException {
        if (unit == null) {
            unit = gateway.begin();
        }
        return unit;
    }

    @Override
    synchronized void delivered(Delivery d) {
        supersede(consumed, d);
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
            batch.forEach(gateway::release);
            throw e;
        }
    }

    @Override
    void rollback() {
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
        batch.forEach(gateway::release);
    }

    @Override
    void recover(boolean inListener) throws JMSException {
        throw new jakarta.jms.IllegalStateException("a transacted session cannot recover; roll back instead");
    }

    @Override
    void close() {
        rollback();
    }
}
