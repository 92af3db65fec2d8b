package org.wharfmq.jms.message;

import jakarta.jms.JMSException;

/** What {@code Message.acknowledge()} does for a received message. */
public interface Acknowledger {
    void acknowledge() throws JMSException;
}
