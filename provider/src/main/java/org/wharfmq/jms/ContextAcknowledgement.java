package org.wharfmq.jms;

import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * What a JMSContext does with each message it hands out. An AUTO_ACKNOWLEDGE or DUPS_OK_ACKNOWLEDGE
 * context runs a CLIENT_ACKNOWLEDGE session and acknowledges each message itself once the
 * application has taken it, so that a message {@code receiveBody} cannot convert can be given back
 * for delivery again, as the spec asks. A CLIENT_ACKNOWLEDGE context remembers the last message
 * consumed, whose {@code acknowledge()} acknowledges everything its session consumed. Transacted
 * and XA contexts leave everything to the session's transaction.
 */
final class ContextAcknowledgement {
    private final int mode;
    private final boolean selfAcknowledging;
    private volatile Message lastConsumed;

    ContextAcknowledgement(int mode, boolean xa) {
        this.mode = mode;
        this.selfAcknowledging = !xa && (mode == JMSContext.AUTO_ACKNOWLEDGE
                || mode == JMSContext.DUPS_OK_ACKNOWLEDGE);
    }

    /** The mode of the classic session underneath. */
    int sessionMode() {
        return selfAcknowledging ? JMSContext.CLIENT_ACKNOWLEDGE : mode;
    }

    /** The application took {@code m} from a receive call. */
    void taken(Message m) throws JMSException {
        if (selfAcknowledging) {
            m.acknowledge();
        } else if (mode == JMSContext.CLIENT_ACKNOWLEDGE) {
            lastConsumed = m;
        }
    }

    /**
     * {@code receiveBody} could not convert {@code m}. AUTO and DUPS_OK give it back at once, to be
     * delivered again; CLIENT and transacted sessions count it as consumed.
     */
    void refused(Message m, WharfSession session) throws JMSException {
        if (selfAcknowledging) {
            session.recover();
        } else if (mode == JMSContext.CLIENT_ACKNOWLEDGE) {
            lastConsumed = m;
        }
    }

    /** The listener the classic consumer runs for the application's {@code listener}. */
    MessageListener wrap(MessageListener listener, WharfSession session) {
        if (!selfAcknowledging) {
            return m -> {
                if (mode == JMSContext.CLIENT_ACKNOWLEDGE) {
                    lastConsumed = m;
                }
                listener.onMessage(m);
            };
        }
        return m -> {
            try {
                listener.onMessage(m);
            } catch (RuntimeException e) {
                // As in AUTO_ACKNOWLEDGE: a listener that throws gets the message again at once.
                try {
                    session.recover();
                } catch (JMSException r) {
                    session.connection.report(r);
                }
                return;
            }
            try {
                m.acknowledge();
            } catch (JMSException e) {
                session.connection.report(e);
            }
        };
    }

    /** JMSContext.acknowledge: only CLIENT_ACKNOWLEDGE has anything to acknowledge. */
    void acknowledge() throws JMSException {
        Message m = lastConsumed;
        if (mode == JMSContext.CLIENT_ACKNOWLEDGE && m != null) {
            m.acknowledge();
        }
    }
}
