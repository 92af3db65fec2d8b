package org.wharfmq.jms;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import jakarta.jms.QueueReceiver;
import jakarta.jms.Topic;
import jakarta.jms.TopicSubscriber;
import org.wharfmq.jms.message.MessageCodec;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.store.MessageView;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;

/**
 * A consumer: long-polls its source queue, at most {@code 1 + prefetch} messages at a time, and
 * hands messages to {@code receive} callers or to its listener thread. Prefetched messages not yet
 * delivered are made visible again when it closes.
 */
public final class WharfConsumer implements QueueReceiver, TopicSubscriber {
    final WharfSession session;
    final Subscriptions.Source source;
    private final String selectorText;
    private final boolean noLocal;
    private final Predicate<MessageView> filter;
    private final ArrayDeque<ReceivedMessage> buffer = new ArrayDeque<>();
    private volatile boolean closed;
    private volatile MessageListener listener;
    private Thread listenerThread;

    WharfConsumer(WharfSession session, Subscriptions.Source source, String selectorText, boolean noLocal) {
        this.session = session;
        this.source = source;
        this.selectorText = selectorText;
        this.noLocal = noLocal;
        this.filter = source.selector() == null ? null
                : view -> source.selector().matches(MessageCodec.selectorValues(view));
        if (source.activeKey() != null) {
            session.connection.store.consumerOpened(source.activeKey());
        }
    }

    @Override
    public String getMessageSelector() throws JMSException {
        checkOpen();
        return selectorText;
    }

    @Override
    public MessageListener getMessageListener() throws JMSException {
        checkOpen();
        return listener;
    }

    @Override
    public void setMessageListener(MessageListener l) throws JMSException {
        checkOpen();
        this.listener = l;
        synchronized (this) {
            if (l != null && listenerThread == null) {
                listenerThread = new Thread(this::listen, "wharf-listener-" + source.destination());
                listenerThread.setDaemon(true);
                listenerThread.start();
            }
        }
    }

    @Override
    public Message receive() throws JMSException {
        return receive(0);
    }

    @Override
    public Message receive(long timeout) throws JMSException {
        checkOpen();
        if (listener != null) {
            throw new IllegalStateException("a consumer with a message listener cannot receive synchronously");
        }
        long deadline = timeout <= 0 ? Long.MAX_VALUE : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        return next(deadline);
    }

    @Override
    public Message receiveNoWait() throws JMSException {
        checkOpen();
        if (listener != null) {
            throw new IllegalStateException("a consumer with a message listener cannot receive synchronously");
        }
        return next(System.nanoTime());
    }

    /** The next message delivered to the application, or null at the deadline or on close. */
    private Message next(long deadline) throws JMSException {
        while (!closed) {
            long left = deadline - System.nanoTime();
            if (!session.connection.isStarted()) {
                if (left <= 0 || !session.connection.awaitStarted(left)) {
                    if (closed || deadline - System.nanoTime() <= 0) {
                        return null;
                    }
                    continue;
                }
            }
            // Acknowledging on receipt: receive and delete in one store step.
            boolean consume = session.acks.automatic();
            Taken t = take(Math.max(0, left), consume);
            if (t != null) {
                Message m = handOut(t.message, null, t.consumed);
                if (m != null) {
                    return m;
                }
            } else if (deadline - System.nanoTime() <= 0) {
                return null;
            }
        }
        return null;
    }

    /** A message taken for delivery; a consumed one is already deleted from the store. */
    private record Taken(ReceivedMessage message, boolean consumed) {
    }

    /**
     * A buffered message, or one fetched within {@code nanos}; null if none. With {@code consume},
     * a fetched message is deleted as it is received, and nothing is prefetched.
     */
    private Taken take(long nanos, boolean consume) throws JMSException {
        synchronized (buffer) {
            if (!buffer.isEmpty()) {
                return new Taken(buffer.poll(), false);
            }
        }
        long waitMillis = Math.min(TimeUnit.NANOSECONDS.toMillis(nanos), session.connection.pollSliceMillis());
        List<ReceivedMessage> got = fetch(waitMillis, consume);
        if (consume) {
            return got.isEmpty() ? null : new Taken(got.get(0), true);
        }
        synchronized (buffer) {
            buffer.addAll(got);
            ReceivedMessage rm = buffer.poll();
            return rm == null ? null : new Taken(rm, false);
        }
    }

    private List<ReceivedMessage> fetch(long waitMillis, boolean consume) throws JMSException {
        ConnectionOptions o = session.connection.options;
        FilteredReceive receiver = session.connection.store.receiver;
        try {
            if (consume) {
                ReceiveMessageRequest r = new ReceiveMessageRequest(source.queueUrl(), 1, null, null, null);
                return receiver.consumeMessage(r, waitMillis, filter, () -> closed);
            }
            ReceiveMessageRequest r = new ReceiveMessageRequest(source.queueUrl(), 1 + o.prefetch(),
                    o.visibilityTimeout(), null, null);
            return receiver.receiveMessage(r, waitMillis, filter, () -> closed);
        } catch (QueueServiceException e) {
            throw JmsErrors.of(e);
        }
    }

    /**
     * Decodes a message and applies the session's acknowledgement. With a listener, runs it too.
     * Returns null if the message expired on the way. A {@code consumed} message is already deleted.
     */
    private Message handOut(ReceivedMessage rm, MessageListener l, boolean consumed) throws JMSException {
        WharfMessage m = MessageCodec.decode(rm, source.destination(), WharfDestination::fromAddress);
        Acknowledgements.Delivered d = new Acknowledgements.Delivered(source.queueUrl(), rm.receiptHandle(), m);
        Acknowledgements acks = session.acks;
        long expiration = m.getJMSExpiration();
        if (expiration != 0 && System.currentTimeMillis() > expiration) {
            if (!consumed) {
                acks.delete(d);
            }
            return null;
        }
        boolean automatic = acks.automatic();
        if (!automatic) {
            acks.delivered(d);
        }
        if (l == null) {
            if (automatic && !consumed) {
                acks.delete(d);
            }
            return m;
        }
        boolean failed = false;
        try {
            l.onMessage(m);
        } catch (RuntimeException e) {
            failed = true;
        }
        if (automatic) {
            // A listener that failed or called recover() gets the message again.
            if (acks.takeRecoverRequest() || failed) {
                acks.release(d);
            } else {
                acks.delete(d);
            }
        }
        return m;
    }

    private void listen() {
        while (!closed) {
            try {
                if (!session.connection.awaitStarted(TimeUnit.SECONDS.toNanos(1))) {
                    continue;
                }
                Taken t = take(TimeUnit.MILLISECONDS.toNanos(session.connection.pollSliceMillis()), false);
                if (t == null) {
                    continue;
                }
                ReceivedMessage rm = t.message;
                MessageListener l = listener;
                session.deliver(() -> {
                    try {
                        if (closed || l == null || !session.connection.isStarted()) {
                            synchronized (buffer) {
                                buffer.addFirst(rm);
                            }
                            return;
                        }
                        handOut(rm, l, false);
                    } catch (JMSException e) {
                        session.connection.report(e);
                    }
                });
            } catch (JMSException e) {
                if (!closed) {
                    session.connection.report(e);
                }
            }
        }
    }

    void checkOpen() throws IllegalStateException {
        if (closed || session.isClosed()) {
            throw new IllegalStateException("the consumer is closed");
        }
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            session.connection.store.receiver.wakeUp(source.queueUrl());
        } catch (QueueServiceException e) {
            // The queue is gone.
        }
        Thread t;
        synchronized (this) {
            t = listenerThread;
        }
        if (t != null && t != Thread.currentThread() && !WharfSession.inListenerOf(session)) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<ReceivedMessage> left;
        synchronized (buffer) {
            left = List.copyOf(buffer);
            buffer.clear();
        }
        for (ReceivedMessage rm : left) {
            session.acks.release(new Acknowledgements.Delivered(source.queueUrl(), rm.receiptHandle(), null));
        }
        session.removeConsumer(this);
        SharedStore store = session.connection.store;
        boolean last = source.activeKey() == null || store.consumerClosed(source.activeKey()) == 0;
        if (source.removeWhenUnused() && last) {
            try {
                store.topics.unsubscribe(source.topic(), source.subscription());
            } catch (QueueServiceException e) {
                // Already removed with its topic.
            }
        }
    }

    @Override
    public Queue getQueue() throws JMSException {
        checkOpen();
        return (Queue) source.destination();
    }

    @Override
    public Topic getTopic() throws JMSException {
        checkOpen();
        return (Topic) source.destination();
    }

    @Override
    public boolean getNoLocal() throws JMSException {
        checkOpen();
        return noLocal;
    }
}
