package org.wharfmq.bench;

import jakarta.jms.ConnectionFactory;

/** A JMS client of S8's SQS server, opened afresh for each measurement. */
interface SqsSystem {

    /** The name used in reports. */
    String name();

    /** Whether it sends asynchronously (JMS 2 CompletionListener). */
    boolean asyncSend();

    /**
     * A client of the server at {@code endpoint} whose one queue is the server's {@code serverQueue};
     * no two open clients share anything, so one may still be closing while the next runs. With
     * {@code ymq} the server is the YMQ-shaped relay, and a client picks its protocol for it.
     */
    Client open(String endpoint, String serverQueue, boolean ymq) throws Exception;

    /** An open client; closing it sends what it still holds to the server, then closes it. */
    interface Client extends AutoCloseable {
        ConnectionFactory factory();

        /** The JMS name of the client's queue. */
        String queue();
    }
}
