package org.wharfmq.jms;

import java.util.List;
import java.util.concurrent.TimeUnit;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Fetch;

/**
 * A connection consumer for application servers: fetches up to {@code maxMessages} at a time and
 * gives them to a ServerSession from the pool, whose session runs its listener on them. A batch is
 * kept hidden from its fetch, while it waits for a free server session too, until the session is
 * done with it (see {@link DeliveryStep}).
 */
final class WharfConnectionConsumer implements ConnectionConsumer {
    private final WharfConnection connection;
    private final Subscriptions.Source source;
    private final ServerSessionPool pool;
    private final int maxMessages;
    private final Thread thread;
    private volatile boolean closed;

    WharfConnectionConsumer(WharfConnection connection, Subscriptions.Source source, ServerSessionPool pool,
                            int maxMessages) {
        this.connection = connection;
        this.source = source;
        this.pool = pool;
        this.maxMessages = Math.min(10, maxMessages);
        this.thread = new Thread(this::run, "wharf-connection-consumer-" + source.destination());
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void run() {
        Fetch fetch = new Fetch(source.queueUrl(), source.destination(), source.selector(),
                maxMessages, connection.options.visibilityTimeout());
        while (!closed) {
            try {
                if (!connection.awaitStarted(TimeUnit.SECONDS.toNanos(1))) {
                    continue;
                }
                List<Delivery> got = connection.gateway.receiving().fetch(fetch, connection.pollSliceMillis(), false,
                        () -> closed);
                if (got.isEmpty()) {
                    continue;
                }
                DeliveryStep.held(connection, got);
                ServerSession ss;
                WharfSession session;
                try {
                    ss = pool.getServerSession();
                    session = (WharfSession) ss.getSession();
                } catch (JMSException e) {
                    got.forEach(connection.gateway.receiving()::release);
                    throw e;
                }
                for (Delivery d : got) {
                    session.enqueueForRun(() -> deliver(session, d));
                }
                // Once the batch is delivered (an XA branch around it ends next), it is kept hidden no longer.
                session.enqueueForRun(() -> got.forEach(d -> DeliveryStep.released(session.acks, d)));
                ss.start();
            } catch (JMSException e) {
                if (!closed) {
                    connection.report(e);
                }
            }
        }
    }

    /** Runs the server session's listener on {@code d}, with that session's acknowledgement around it. */
    private void deliver(WharfSession session, Delivery d) {
        try {
            DeliveryStep.toServerSession(d, session.getMessageListener(), session.acks);
        } catch (JMSException e) {
            connection.report(e);
        }
    }

    @Override
    public ServerSessionPool getServerSessionPool() {
        return pool;
    }

    @Override
    public void close() {
        closed = true;
        connection.gateway.receiving().wakeUp(source.queueUrl());
        if (thread != Thread.currentThread()) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        connection.removeConnectionConsumer(this);
    }
}
