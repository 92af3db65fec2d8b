package org.wharfmq.jms;

import java.util.List;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Receiving;

/**
 * The one step that hands a fetched message to the application: to a consumer's listener, to a
 * connection consumer's server session (an MDB's path), and, for its expiry check, to a synchronous
 * receive. A message whose JMSExpiration has passed is deleted instead of delivered: a backend
 * without MessageOptions (SQS) keeps the expiration only as an attribute and still returns the
 * message. Around a listener the session's {@link Acknowledgement} hears {@code delivered} and
 * {@code afterDelivery}; a listener's RuntimeException counts as a failure, and the message comes
 * back after its redelivery delay. A message fetched for a listener or a server session is kept
 * hidden from other consumers from its fetch ({@link #held}) until the session no longer holds it:
 * as the listener returns, or as the server session's batch ends, unless the session's mode holds
 * it until an acknowledge or commit ({@link Acknowledgement#holdsAfterDelivery}).
 */
final class DeliveryStep {
    private DeliveryStep() {
    }

    /** True (and the message deleted) if {@code d} expired on the way: JMS does not deliver it. */
    static boolean expired(Delivery d, Receiving receiving) throws JMSException {
        long expiration = d.message().getJMSExpiration();
        if (expiration == 0 || System.currentTimeMillis() <= expiration) {
            return false;
        }
        receiving.acknowledge(List.of(d));
        return true;
    }

    /**
     * Keeps {@code fetched}, just fetched for a listener or a server session of {@code connection},
     * hidden from other consumers until the session no longer holds them, unless the connection
     * turned that off ({@code visibilityExtension=off}); at most for its {@code visibilityExtensionLimit}.
     */
    static void held(WharfConnection connection, List<Delivery> fetched) {
        ConnectionOptions o = connection.options;
        if (o.visibilityExtension() && !fetched.isEmpty()) {
            connection.gateway.receiving().extendVisibility(fetched, o.visibilityTimeout(),
                    o.visibilityExtensionLimit(), connection);
        }
    }

    /** Runs {@code listener} on {@code d} unless it expired, with {@code acks} around it. */
    static void toListener(Delivery d, MessageListener listener, Acknowledgement acks) throws JMSException {
        try {
            toServerSession(d, listener, acks);
        } finally {
            released(acks, d);
        }
    }

    /**
     * As {@link #toListener}, for one message of a server session's batch: the session holds it
     * until {@link #released} after the batch, when an XA branch around the batch ends.
     */
    static void toServerSession(Delivery d, MessageListener listener, Acknowledgement acks) throws JMSException {
        if (expired(d, acks.receiving)) {
            return;
        }
        acks.delivered(d);
        boolean failed = false;
        try {
            listener.onMessage(d.message());
        } catch (RuntimeException e) {
            failed = true;
        }
        acks.afterDelivery(d, failed);
    }

    /** The listener or the batch is done with {@code d}: kept hidden no longer, unless the session holds it still. */
    static void released(Acknowledgement acks, Delivery d) {
        if (!acks.holdsAfterDelivery()) {
            acks.receiving.endExtension(d);
        }
    }
}
