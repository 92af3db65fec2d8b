package org.wharfmq.jms;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import jakarta.jms.QueueReceiver;
import jakarta.jms.Topic;
import jakarta.jms.TopicSubscriber;
import org.wharfmq.jms.gateway.Delivery;
import org.wharfmq.jms.gateway.Fetch;
import org.wharfmq.jms.gateway.Receiving;

/**
 * A consumer: long-polls its source queue, at most {@code 1 + prefetch} messages at a time, and
 * hands messages to {@code receive} callers or to its listener. A listener runs on the store's
 * shared listener threads when the store tells of arrivals ({@link PooledListener}), else on a
 * thread of the consumer's own that long-polls, and after a failed receive waits before the next
 * (100 ms, doubling up to 5 s, reset by a receive that works). Prefetched messages not yet
 * delivered are made visible again when it closes.
 */
public final class WharfConsumer implements QueueReceiver, TopicSubscriber {
    final WharfSession session;
    final Subscriptions.Source source;
    private final String selectorText;
    private final boolean noLocal;
    /** A fetch that takes one message and deletes it (automatic receive), and one with prefetch. */
    private final Fetch consumeOne;
    private final Fetch fetchSome;
    private final ArrayDeque<Delivery> buffer = new ArrayDeque<>();
    private volatile boolean closed;
    private volatile MessageListener listener;
    private Thread listenerThread;
    /** The listener thread's backoff after a failed receive: it waits on this, woken by close. */
    private final Object backoff = new Object();
    static final long FIRST_BACKOFF_MILLIS = 100;
    static final long MAX_BACKOFF_MILLIS = 5_000;
    private volatile PooledListener pooled;

    WharfConsumer(WharfSession session, Subscriptions.Source source, String selectorText, boolean noLocal) {
        this.session = session;
        this.source = source;
        this.selectorText = selectorText;
        this.noLocal = noLocal;
        ConnectionOptions o = session.connection.options;
        this.consumeOne = new Fetch(source.queueUrl(), source.destination(), source.selector(), 1, null);
        this.fetchSome = new Fetch(source.queueUrl(), source.destination(), source.selector(),
                1 + o.prefetch(), o.visibilityTimeout());
        if (source.activeKey() != null) {
            session.connection.registry.consumerOpened(source.activeKey());
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
            if (l != null && pooled != null) {
                // Messages may have come while it had no listener.
                pooled.notice();
            } else if (l != null && listenerThread == null) {
                Receiving receiving = session.connection.gateway.receiving();
                if (receiving.notifiesArrivals()) {
                    pooled = new PooledListener(this, session.connection.gateway.listenerThreads(), receiving);
                } else {
                    listenerThread = new Thread(this::listen, "wharf-listener-" + source.destination());
                    listenerThread.setDaemon(true);
                    listenerThread.start();
                }
            }
        }
    }

    @Override
    public Message receive() throws JMSException {
        return receive(0);
    }

    @Override
    public Message receive(long timeout) throws JMSException {
        return next(deadline(timeout));
    }

    @Override
    public Message receiveNoWait() throws JMSException {
        return next(deadline(NO_WAIT));
    }

    /** The timeout of receiveNoWait. */
    static final long NO_WAIT = Long.MIN_VALUE;

    /** The deadline of a receive: none for a timeout of 0 or less, now for {@link #NO_WAIT}. */
    private long deadline(long timeout) throws JMSException {
        checkOpen();
        if (listener != null) {
            throw new IllegalStateException("a consumer with a message listener cannot receive synchronously");
        }
        return timeout == NO_WAIT ? System.nanoTime() : timeout <= 0 ? Long.MAX_VALUE
                : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
    }

    private Message next(long deadline) throws JMSException {
        Acknowledgement acks = session.acks;
        acks.beforeReceive();
        Delivery d = nextDelivery(deadline, acks.consumesOnReceive());
        if (d == null) {
            return null;
        }
        acks.delivered(d);
        acks.received(d);
        return d.message();
    }

    /**
     * JMSConsumer.receiveBody: the body of the next message, read by {@code reader}. A message it
     * cannot read is refused (see {@link Acknowledgement#refused}) and its error thrown.
     */
    <T> T receiveBody(long timeout, BodyReader<T> reader) throws JMSException {
        Acknowledgement acks = session.acks;
        long deadline = deadline(timeout);
        acks.beforeReceive();
        Delivery d = nextDelivery(deadline, false);
        if (d == null) {
            return null;
        }
        acks.delivered(d);
        T body;
        try {
            body = reader.read(d.message());
        } catch (JMSException e) {
            acks.refused(d);
            throw e;
        }
        acks.received(d);
        return body;
    }

    /** Reads a message's body, or fails with a MessageFormatException. */
    interface BodyReader<T> {
        T read(Message m) throws JMSException;
    }

    /** The next unexpired message for the application, or null at the deadline or on close. */
    private Delivery nextDelivery(long deadline, boolean consume) throws JMSException {
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
            Delivery d = take(Math.max(0, left), consume);
            if (d != null) {
                if (!consume && !session.connection.isStarted()) {
                    // Fetched as the connection stopped: a stopped connection delivers nothing, so keep it for after start.
                    synchronized (buffer) {
                        buffer.addFirst(d);
                    }
                    continue;
                }
                if (!DeliveryStep.expired(d, session.connection.gateway.receiving())) {
                    return d;
                }
            } else if (deadline - System.nanoTime() <= 0) {
                return null;
            }
        }
        return null;
    }

    /**
     * A buffered message, or one fetched within {@code nanos}; null if none. With {@code consume},
     * a fetched message is deleted as it is received, and nothing is prefetched.
     */
    private Delivery take(long nanos, boolean consume) throws JMSException {
        return take(nanos, consume, false);
    }

    /** As {@link #take(long, boolean)}; with {@code lease}, fetched for a listener that settles each at once. */
    private Delivery take(long nanos, boolean consume, boolean lease) throws JMSException {
        synchronized (buffer) {
            if (!buffer.isEmpty()) {
                return buffer.poll();
            }
        }
        long waitMillis = Math.min(TimeUnit.NANOSECONDS.toMillis(nanos), session.connection.pollSliceMillis());
        List<Delivery> got = session.connection.gateway.receiving().fetch(consume ? consumeOne : fetchSome, waitMillis,
                consume,
                lease, () -> closed || !session.connection.isStarted());
        if (listener != null) {
            // Fetched for the listener, the buffered ones too: kept hidden until the session is done with each.
            DeliveryStep.held(session.connection, got);
        }
        if (consume || got.size() <= 1) {
            return got.isEmpty() ? null : got.get(0);
        }
        synchronized (buffer) {
            buffer.addAll(got);
            return buffer.poll();
        }
    }

    private void listen() {
        long backoffMillis = 0;
        while (!closed) {
            Delivery d;
            try {
                if (!session.connection.awaitStarted(TimeUnit.SECONDS.toNanos(1))) {
                    continue;
                }
                d = take(TimeUnit.MILLISECONDS.toNanos(session.connection.pollSliceMillis()), false,
                        session.acks.settlesListenerDeliveriesAtOnce());
                backoffMillis = 0;
            } catch (JMSException e) {
                if (closed) {
                    return;
                }
                session.connection.report(e);
                // A store that keeps failing (its client's retries spent) is asked less and less often.
                backoffMillis = backoffMillis == 0 ? FIRST_BACKOFF_MILLIS : Math.min(MAX_BACKOFF_MILLIS, 2 * backoffMillis);
                if (!pause(backoffMillis)) {
                    return;
                }
                continue;
            }
            if (d != null) {
                toListener(d, listener);
            }
        }
    }

    /** Waits {@code millis}, or less if the consumer closes; false if the thread was interrupted. */
    private boolean pause(long millis) {
        synchronized (backoff) {
            if (!closed) {
                try {
                    backoff.wait(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return true;
    }

    /** A pooled listener's turn: takes a message without waiting and delivers it; true if it took one. */
    boolean deliverOne() {
        MessageListener l = listener;
        if (closed || l == null || !session.connection.isStarted()) {
            return false;
        }
        try {
            Delivery d = take(0, false, session.acks.settlesListenerDeliveriesAtOnce());
            if (d == null) {
                return false;
            }
            toListener(d, l);
            return true;
        } catch (JMSException e) {
            if (!closed) {
                session.connection.report(e);
            }
            return false;
        }
    }

    /** Delivers {@code d} to {@code l} in the session's lane, or keeps it if the consumer cannot deliver now. */
    private void toListener(Delivery d, MessageListener l) {
        session.deliver(() -> {
            try {
                if (closed || l == null || !session.connection.isStarted()) {
                    synchronized (buffer) {
                        buffer.addFirst(d);
                    }
                    return;
                }
                DeliveryStep.toListener(d, l, session.acks);
            } catch (JMSException e) {
                session.connection.report(e);
            }
        });
    }

    void checkOpen() throws IllegalStateException {
        if (closed || session.isClosed()) {
            throw new IllegalStateException("the consumer is closed");
        }
    }

    /** The connection stopped: a receive waiting in the store ends now, taking nothing. */
    void stopped() {
        session.connection.gateway.receiving().wakeUp(source.queueUrl());
    }

    /** The connection started: a pooled listener looks for messages. */
    void started() {
        PooledListener p = pooled;
        if (p != null) {
            p.notice();
        }
    }

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        closed = true;
        synchronized (backoff) {
            backoff.notifyAll();
        }
        Receiving receiving = session.connection.gateway.receiving();
        receiving.wakeUp(source.queueUrl());
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
        PooledListener p = pooled;
        if (p != null) {
            p.close(!WharfSession.inListenerOf(session));
        }
        List<Delivery> left;
        synchronized (buffer) {
            left = List.copyOf(buffer);
            buffer.clear();
        }
        left.forEach(receiving::release);
        session.acks.consumerClosing();
        session.removeConsumer(this);
        boolean last = source.activeKey() == null || session.connection.registry.consumerClosed(source.activeKey()) == 0;
        if (source.removeWhenUnused() && last) {
            session.connection.gateway.subscribing().unsubscribeQuietly(source.topic(), source.subscription());
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
