package org.wharfmq.store;

/**
 * Optional capability: per-message priority, expiration and a delay in milliseconds, beyond
 * what SendMessage carries. Priority orders delivery on standard queues (higher first, then send
 * order); FIFO queues keep group order and reject a per-message delay.
 */
public interface MessageOptions {

    /**
     * Delivery options of one message.
     *
     * @param priority 0..9
     * @param expirationTime epoch millis after which the message is dropped, 0 for never
     * @param delayMillis the delay, or -1 for the request's delaySeconds or the queue's DelaySeconds
     * @param durable false for a message that a crash may lose (JMS NON_PERSISTENT): the backend
     *        may keep it in memory only, under the same queue rules, and may hold the sender back
     *        while that memory is full; a store that several processes share writes it like any other, and may commit it
     *        without waiting for its disk
     */
    record Options(int priority, long expirationTime, long delayMillis, boolean durable) {
        public static final int DEFAULT_PRIORITY = 4;
        public static final Options DEFAULT = new Options(DEFAULT_PRIORITY, 0, -1);

        /** Options of a durable message. */
        public Options(int priority, long expirationTime, long delayMillis) {
            this(priority, expirationTime, delayMillis, true);
        }
    }

    /** SendMessage with options; {@code request.delaySeconds()} is ignored when {@code delayMillis >= 0}. */
    SendResult sendMessage(SendMessageRequest request, Options options);
}
