package org.wharfmq.jms.message;

import jakarta.jms.Destination;

/**
 * A destination that can travel inside a message as an address string (JMSReplyTo). The
 * destinations of the {@code jms} package implement it, so that this package needs none of them.
 */
public interface Addressable extends Destination {
    /** The address, such as {@code queue:orders}; the resolver given to decode turns it back. */
    String toAddress();
}
