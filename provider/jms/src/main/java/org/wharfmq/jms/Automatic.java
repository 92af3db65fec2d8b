package org.wharfmq.jms;

import java.util.List;
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
 * <li>durable ({@code autoAck=durable}): a receive is durable before the message is handed out and
 * its delete before the receive returns or the next message goes to the listener, so a crash
 * brings back none that a receive returned, and a listener's at most with JMSRedelivered true.</li>
 * </ul>
 */
final class Automatic extends Acknowledgement {
    private final boolean durable;
    /** Set by recover() inside a listener: the current message comes again. */
    private volatile boolean recoverCurrent;

    Automatic(Receiving receiving, RedeliveryPolicy redelivery, boolean durable) {
        super(receiving, redelivery);
        this.durable = durable;
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
    }
}
