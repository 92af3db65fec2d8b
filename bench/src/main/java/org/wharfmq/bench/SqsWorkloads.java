package org.wharfmq.bench;

import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * S8's workloads, written once against plain JMS on a connection the caller opens and closes: each
 * returns how many messages it handled and in how many seconds (the timed part only).
 */
final class SqsWorkloads {
    /** Asynchronous sends not yet completed, at most. */
    static final int IN_FLIGHT = 100;
    /** CLIENT_ACKNOWLEDGE drains acknowledge every this many messages. */
    static final int ACK_EVERY = 10;

    record Timed(long messages, double seconds) {
        double rate() {
            return messages / seconds;
        }
    }

    private SqsWorkloads() {
    }

    /** The message property both systems map to a FIFO MessageDeduplicationId. */
    static final String DEDUPLICATION_ID = "JMS_SQS_DeduplicationId";

    /**
     * One producer, synchronous PERSISTENT sends for {@code nanos}; with {@code groups} above 0, to
     * that many message groups in turn, each message with a deduplication id of its own.
     */
    static Timed syncSend(Connection c, String queue, long nanos, int groups) throws JMSException {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(s.createQueue(queue));
        p.setDeliveryMode(DeliveryMode.PERSISTENT);
        long start = System.nanoTime();
        long end = start + nanos;
        long n = 0;
        while (System.nanoTime() < end) {
            TextMessage m = s.createTextMessage(Workloads.BODY);
            if (groups > 0) {
                m.setStringProperty("JMSXGroupID", "g" + n % groups);
                m.setStringProperty(DEDUPLICATION_ID, start + "-" + n);
            }
            p.send(m);
            n++;
        }
        return new Timed(n, seconds(start));
    }

    /**
     * One producer, asynchronous PERSISTENT sends for {@code nanos} with at most {@link #IN_FLIGHT}
     * not yet completed; the time runs until the last one completes.
     */
    static Timed asyncSend(Connection c, String queue, long nanos) throws Exception {
        Semaphore window = new Semaphore(IN_FLIGHT);
        AtomicReference<Exception> failure = new AtomicReference<>();
        CompletionListener done = new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                window.release();
            }

            @Override
            public void onException(Message message, Exception e) {
                failure.compareAndSet(null, e);
                window.release();
            }
        };
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(s.createQueue(queue));
        p.setDeliveryMode(DeliveryMode.PERSISTENT);
        long start = System.nanoTime();
        long end = start + nanos;
        long n = 0;
        while (System.nanoTime() < end && failure.get() == null) {
            acquire(window, 1);
            p.send(s.createTextMessage(Workloads.BODY), done);
            n++;
        }
        acquire(window, IN_FLIGHT);
        double seconds = seconds(start);
        if (failure.get() != null) {
            throw new IllegalStateException("S8: an asynchronous send failed", failure.get());
        }
        return new Timed(n, seconds);
    }

    private static void acquire(Semaphore window, int permits) throws InterruptedException {
        if (!window.tryAcquire(permits, 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("S8: asynchronous sends did not complete within 60 s");
        }
    }

    /**
     * One consumer receiving {@code count} messages from a filled queue, in AUTO_ACKNOWLEDGE or in
     * CLIENT_ACKNOWLEDGE acknowledging every {@link #ACK_EVERY} (and the last).
     */
    static Timed drain(Connection c, String queue, int count, int ackMode) throws JMSException {
        Session s = c.createSession(false, ackMode);
        MessageConsumer consumer = s.createConsumer(s.createQueue(queue));
        c.start();
        long start = System.nanoTime();
        for (int i = 1; i <= count; i++) {
            Message m = consumer.receive(10_000);
            if (m == null) {
                throw new IllegalStateException("S8: message " + i + " of " + count + " did not arrive");
            }
            if (ackMode == Session.CLIENT_ACKNOWLEDGE && (i % ACK_EVERY == 0 || i == count)) {
                m.acknowledge();
            }
        }
        return new Timed(count, seconds(start));
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
