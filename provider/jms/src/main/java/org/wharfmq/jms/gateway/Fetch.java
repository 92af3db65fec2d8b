package org.wharfmq.jms.gateway;

import jakarta.jms.Destination;
import org.wharfmq.jms.selector.Selector;

/** What a fetch asks for. A null selector takes every message; {@code visibility} null is the queue's. */
public record Fetch(String queueUrl, Destination destination, Selector selector, int max, Integer visibility) {
}
