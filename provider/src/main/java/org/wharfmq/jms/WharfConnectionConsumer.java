package org.wharfmq.jms;

import java.util.List;
import java.util.concurrent.TimeUnit;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;
import org.wharfmq.jms.message.MessageCodec;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;

/**
 * A connection consumer for application servers: fetches up to {@code maxMessages} at a time and
 * gives them to a ServerSession from the pool, whose session runs its listener on them.
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
        while (!closed) {
            try {
                if (!connection.awaitStarted(TimeUnit.SECONDS.toNanos(1))) {
                    continue;
                }
                List<ReceivedMessage> got = connection.store.receiver.receiveMessage(
                        new ReceiveMessageRequest(source.queueUrl(), maxMessages, connection.options.visibilityTimeout(),
                                null, null), connection.pollSliceMillis(),
                        source.selector() == null ? null : v -> source.selector().matches(MessageCodec.selectorValues(v)),
                        () -> closed);
                if (got.isEmpty()) {
                    continue;
                }
                ServerSession ss = pool.getServerSession();
                WharfSession session = (WharfSession) ss.getSession();
                for (ReceivedMessage rm : got) {
                    session.enqueueForRun(() -> deliver(session, rm));
                }
                ss.start();
            } catch (JMSException e) {
                connection.report(e);
            } catch (QueueServiceException e) {
                if (!closed) {
                    connection.report(JmsErrors.of(e));
                }
            }
        }
    }

    private void deliver(WharfSession session, ReceivedMessage rm) {
        Acknowledgements.Delivered d = null;
        try {
            WharfMessage m = MessageCodec.decode(rm, source.destination(), WharfDestination::fromAddress);
            d = new Acknowledgements.Delivered(source.queueUrl(), rm.receiptHandle(), m);
            MessageListener l = session.getMessageListener();
            boolean automatic = session.acks.automatic();
            if (!automatic) {
                session.acks.delivered(d);
            }
            l.onMessage(m);
            if (automatic) {
                session.acks.delete(d);
            }
        } catch (JMSException e) {
            connection.report(e);
        } catch (RuntimeException e) {
            if (d != null) {
                session.acks.release(d);
            }
        }
    }

    @Override
    public ServerSessionPool getServerSessionPool() {
        return pool;
    }

    @Override
    public void close() {
        closed = true;
        try {
            connection.store.receiver.wakeUp(source.queueUrl());
        } catch (QueueServiceException e) {
            // The queue is gone.
        }
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
