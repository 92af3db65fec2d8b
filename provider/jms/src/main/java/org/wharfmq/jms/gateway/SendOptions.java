package org.wharfmq.jms.gateway;

/** How one message is sent: JMS priority, absolute expiration (0: never), delay in ms, durability. */
public record SendOptions(int priority, long expiration, long delayMillis, boolean persistent) {
}
