package org.wharfmq.jms;

import java.util.List;
import java.util.function.Consumer;
import jakarta.jms.JMSException;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Receiving;
import org.wharfmq.store.model.RedeliveryPolicy;
import org.wharfmq.jms.gateway.Unit;

/**
 * AUTO_ACKNOWLEDGE and DUPS_OK_ACKNOWLEDGE: a message is deleted once the application has it.
 * A listener's message is deleted when it returns, and given back after the redelivery delay when
 * it throws or calls recover().
 * <ul>
 * <li>deferred (the default): a synchronous receive takes and deletes in one store step, the delete
 * joining a later group commit without being waited for; a listener's message is leased (its
 * receive and its delete join later commits, unwaited). A crash before that commit brings back the
 * messages the session received since, as if never received (JMSRedelivered false).</li>
 * <li>durable ({@code autoAck=durable}): a receive (its count, the message in flight) is durable
 * before the message is handed out. A listener's message is deleted when the listener returns; the
 * message a synchronous receive returned is deleted, durably, when the application comes back for
 * the next one on the session or closes the consumer or session. A crash brings back at most the
 * last message of each session, with JMSRedelivered true, and loses none.</li>
 * </ul>
 */
final class Automatic extends Acknowledgement {
    private final boolean durable;
    /** Where a failed delete of a held message is reported (the connection's exception listener). */
    private final Consumer<JMSException> problems;
    /** Set by recover() inside a listener: the current message comes again. */
    private volatile boolean recoverCurrent;
    /** Durable only: the message the last synchronous receive returned, not yet deleted. */
    private Delivery held;

    Automatic(Receiving receiving, RedeliveryPolicy redelivery, boolean durable, Consumer<JMSException> problems) {
        super(receiving, redelivery);
        this.durable = durable;
        this.problems = problems;
    }

    @Override
    boolean consumesOnReceive() {
        return !durable;
    }

    @Override
    boolean settlesListenerDeliveriesAtOnce() {
        return !durable;
    }

    @Override
    Unit unit() {
        return null;
    }

    @Override
    void delivered(Delivery d) {
    }

    @Override
    void afterDelivery(Delivery d, boolean failed) throws JMSException {
        if (d.consumed()) {
            // Taken by a receive that deleted it: nothing is left to do.
            return;
        }
        boolean recover = recoverCurrent;
        recoverCurrent = false;
        if (failed || recover) {
            redeliver(d);
        } else {
            receiving.acknowledge(List.of(d));
        }
    }

    @Override
    void received(Delivery d) throws JMSException {
        if (!durable || d.consumed()) {
            afterDelivery(d, false);
            return;
        }
        settleHeld();
        synchronized (this) {
            held = d;
        }
    }

    @Override
    void beforeReceive() {
        settleHeld();
    }

    @Override
    void consumerClosing() {
        settleHeld();
    }

    /**
     * Deletes the held message. A delete the store refuses (its visibility timeout ended while the
     * application held it) is reported, not thrown: the message comes back, as at-least-once allows.
     */
    private void settleHeld() {
        Delivery d;
        synchronized (this) {
            d = held;
            held = null;
        }
        if (d != null) {
            try {
                receiving.acknowledge(List.of(d));
            } catch (JMSException e) {
                problems.accept(e);
            }
        }
    }

    @Override
    void refused(Delivery d) {
        recoverCurrent = false;
        receiving.release(d);
    }

    /** Inside a listener, the message being delivered comes again; elsewhere there is nothing to recover. */
    @Override
    void recover(boolean inListener) {
        if (inListener) {
            recoverCurrent = true;
        }
    }

    @Override
    void close() {
        settleHeld();
    }
}
