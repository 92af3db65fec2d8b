package org.wharfmq.jms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueSender;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.jms.gateway.SendOptions;
import org.wharfmq.jms.gateway.Sending;
import org.wharfmq.jms.gateway.Unit;
import org.wharfmq.jms.message.WharfMessage;

/** A producer: JMS headers and delivery options mapped onto a store send or topic publish. */
public final class WharfProducer implements QueueSender, TopicPublisher {
    /** The string property that is a FIFO message's MessageDeduplicationId. */
    public static final String DEDUPLICATION_ID = "JMS_Wharf_DeduplicationId";
    /** The same, as amazon-sqs-java-messaging-lib names it. */
    public static final String SQS_DEDUPLICATION_ID = "JMS_SQS_DeduplicationId";

    private final WharfSession session;
    private final WharfDestination destination;
    private volatile boolean closed;
    private boolean disableMessageID;
    private boolean disableMessageTimestamp;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = Message.DEFAULT_PRIORITY;
    private long timeToLive = Message.DEFAULT_TIME_TO_LIVE;
    private long deliveryDelay = Message.DEFAULT_DELIVERY_DELAY;

    WharfProducer(WharfSession session, WharfDestination destination) {
        this.session = session;
        this.destination = destination;
    }

    private void checkOpen() throws IllegalStateException {
        if (closed || session.isClosed()) {
            throw new IllegalStateException("the producer is closed");
        }
    }

    @Override
    public void setDisableMessageID(boolean value) throws JMSException {
        checkOpen();
        disableMessageID = value;
    }

    @Override
    public boolean getDisableMessageID() throws JMSException {
        checkOpen();
        return disableMessageID;
    }

    @Override
    public void setDisableMessageTimestamp(boolean value) throws JMSException {
        checkOpen();
        disableMessageTimestamp = value;
    }

    @Override
    public boolean getDisableMessageTimestamp() throws JMSException {
        checkOpen();
        return disableMessageTimestamp;
    }

    @Override
    public void setDeliveryMode(int mode) throws JMSException {
        checkOpen();
        checkDeliveryMode(mode);
        deliveryMode = mode;
    }

    @Override
    public int getDeliveryMode() throws JMSException {
        checkOpen();
        return deliveryMode;
    }

    @Override
    public void setPriority(int value) throws JMSException {
        checkOpen();
        checkPriority(value);
        priority = value;
    }

    @Override
    public int getPriority() throws JMSException {
        checkOpen();
        return priority;
    }

    @Override
    public void setTimeToLive(long value) throws JMSException {
        checkOpen();
        checkTimeToLive(value);
        timeToLive = value;
    }

    @Override
    public long getTimeToLive() throws JMSException {
        checkOpen();
        return timeToLive;
    }

    @Override
    public void setDeliveryDelay(long value) throws JMSException {
        checkOpen();
        if (value < 0) {
            throw new JMSException("delivery delay " + value + " ms is negative");
        }
        deliveryDelay = value;
    }

    @Override
    public long getDeliveryDelay() throws JMSException {
        checkOpen();
        return deliveryDelay;
    }

    @Override
    public Destination getDestination() throws JMSException {
        checkOpen();
        return destination;
    }

    @Override
    public Queue getQueue() throws JMSException {
        return (Queue) getDestination();
    }

    @Override
    public Topic getTopic() throws JMSException {
        return (Topic) getDestination();
    }

    @Override
    public void close() throws JMSException {
        session.checkNotInCompletion();
        closed = true;
        session.removeProducer(this);
    }

    // ---- send ----

    @Override
    public void send(Message message) throws JMSException {
        send(message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void send(Message message, int mode, int prio, long ttl) throws JMSException {
        checkOpen();
        if (destination == null) {
            throw new UnsupportedOperationException("this producer has no destination: name one in send");
        }
        deliver(destination, message, mode, prio, ttl, null);
    }

    @Override
    public void send(Destination to, Message message) throws JMSException {
        send(to, message, deliveryMode, priority, timeToLive);
    }

    @Override
    public void send(Destination to, Message message, int mode, int prio, long ttl) throws JMSException {
        checkOpen();
        if (destination != null) {
            throw new UnsupportedOperationException("this producer sends to " + destination + " only");
        }
        deliver(WharfDestination.of(to), message, mode, prio, ttl, null);
    }

    @Override
    public void send(Message message, CompletionListener listener) throws JMSException {
        send(message, deliveryMode, priority, timeToLive, listener);
    }

    @Override
    public void send(Message message, int mode, int prio, long ttl, CompletionListener listener)
            throws JMSException {
        checkOpen();
        if (destination == null) {
            throw new UnsupportedOperationException("this producer has no destination: name one in send");
        }
        deliver(destination, message, mode, prio, ttl, requireListener(listener));
    }

    @Override
    public void send(Destination to, Message message, CompletionListener listener) throws JMSException {
        send(to, message, deliveryMode, priority, timeToLive, listener);
    }

    @Override
    public void send(Destination to, Message message, int mode, int prio, long ttl, CompletionListener listener)
            throws JMSException {
        checkOpen();
        if (destination != null) {
            throw new UnsupportedOperationException("this producer sends to " + destination + " only");
        }
        deliver(WharfDestination.of(to), message, mode, prio, ttl, requireListener(listener));
    }

    @Override
    public void send(Queue queue, Message message) throws JMSException {
        send((Destination) queue, message);
    }

    @Override
    public void send(Queue queue, Message message, int mode, int prio, long ttl) throws JMSException {
        send((Destination) queue, message, mode, prio, ttl);
    }

    @Override
    public void publish(Message message) throws JMSException {
        send(message);
    }

    @Override
    public void publish(Message message, int mode, int prio, long ttl) throws JMSException {
        send(message, mode, prio, ttl);
    }

    @Override
    public void publish(Topic topic, Message message) throws JMSException {
        send(topic, message);
    }

    @Override
    public void publish(Topic topic, Message message, int mode, int prio, long ttl) throws JMSException {
        send(topic, message, mode, prio, ttl);
    }

    private static CompletionListener requireListener(CompletionListener l) {
        if (l == null) {
            throw new IllegalArgumentException("the CompletionListener is null");
        }
        return l;
    }

    private static void checkDeliveryMode(int mode) throws JMSException {
        if (mode != DeliveryMode.PERSISTENT && mode != DeliveryMode.NON_PERSISTENT) {
            throw new JMSException("delivery mode " + mode + " is neither PERSISTENT (2) nor NON_PERSISTENT (1)");
        }
    }

    private static void checkTimeToLive(long value) throws JMSException {
        if (value < 0) {
            throw new JMSException("time to live " + value + " ms is negative (0 means the message never expires)");
        }
    }

    private static void checkPriority(int value) throws JMSException {
        if (!Ranges.PRIORITY.contains(value)) {
            throw new JMSException("priority " + value + " is out of range " + Ranges.PRIORITY);
        }
    }

    /**
     * Sends after every check of its arguments: those of this producer, then the message as the
     * store would take it ({@link Sending#prepare}), then the user's permission, which may declare
     * the queue; so a refused send creates no queue or topic. An asynchronous send that the
     * second check refuses is told to its listener, in its turn.
     */
    private void deliver(WharfDestination to, Message message, int mode, int prio, long ttl,
                         CompletionListener listener) throws JMSException {
        if (message == null) {
            throw new jakarta.jms.MessageFormatException("the message is null");
        }
        checkDeliveryMode(mode);
        checkPriority(prio);
        checkTimeToLive(ttl);
        long now = System.currentTimeMillis();
        long expiration = ttl > 0 ? now + ttl : 0;
        message.setJMSDestination(to);
        message.setJMSDeliveryMode(mode);
        message.setJMSPriority(prio);
        message.setJMSExpiration(expiration);
        message.setJMSTimestamp(disableMessageTimestamp ? 0 : now);
        message.setJMSDeliveryTime(now + deliveryDelay);
        WharfMessage wm = message instanceof WharfMessage w ? w : ForeignMessages.copy(message);
        if (wm.getJMSReplyTo() != null && !(wm.getJMSReplyTo() instanceof WharfDestination)) {
            // Another implementation's queue or topic (a resource adapter's administered object) travels by its name.
            wm.setJMSReplyTo(WharfDestination.of(wm.getJMSReplyTo()));
        }
        SendOptions options = new SendOptions(prio, expiration, deliveryDelay, mode == DeliveryMode.PERSISTENT);
        if (listener == null) {
            Sending.Prepared prepared = prepare(to, wm, options);
            session.connection.check(Permissions.Op.SEND, to);
            session.asyncSends.await();
            message.setJMSMessageID(send(to, prepared));
            return;
        }
        Sending.Prepared prepared;
        try {
            prepared = prepare(to, wm, options);
        } catch (JMSException e) {
            // Told to the listener in its turn, as the outcome of a send that went ahead would be.
            session.asyncSends.submit(new AsyncSend(to, message, null, e, listener));
            return;
        }
        session.connection.check(Permissions.Op.SEND, to);
        session.asyncSends.submit(new AsyncSend(to, message, prepared, null, listener));
    }

    private Sending.Prepared prepare(WharfDestination to, WharfMessage m, SendOptions options) throws JMSException {
        Sending sending = session.connection.gateway.sending();
        if (to.isQueue()) {
            boolean fifo = Names.isFifo(to.name());
            return sending.prepare(((WharfQueue) to).spec(), m, m.getStringProperty("JMSXGroupID"),
                    fifo ? deduplicationId(m) : null, options);
        }
        return sending.preparePublish(to.name(), to.isTemporary(), m, options);
    }

    /**
     * An asynchronous send. Those to one queue share a batch key when the backend batches sends, and
     * go out as one batch unless the session is in a unit of work by then.
     */
    private final class AsyncSend implements AsyncSends.Send {
        private final WharfDestination to;
        private final Message message;
        /** The send checked and encoded, or null when that failed with {@link #refused}. */
        private final Sending.Prepared prepared;
        private final JMSException refused;
        private final CompletionListener listener;

        AsyncSend(WharfDestination to, Message message, Sending.Prepared prepared, JMSException refused,
                  CompletionListener listener) {
            this.to = to;
            this.message = message;
            this.prepared = prepared;
            this.refused = refused;
            this.listener = listener;
        }

        @Override
        public Object batchKey() {
            return to.isQueue() && session.connection.gateway.sending().batchesSends() ? to.name() : null;
        }

        @Override
        public void sendTogether(List<AsyncSends.Send> sends) {
            List<AsyncSend> all = sends.stream().map(AsyncSend.class::cast).toList();
            Exception[] failures = new Exception[all.size()];
            try {
                if (all.size() == 1 || session.acks.unit() != null) {
                    for (int i = 0; i < all.size(); i++) {
                        AsyncSend a = all.get(i);
                        if (a.refused != null) {
                            failures[i] = a.refused;
                            continue;
                        }
                        try {
                            a.message.setJMSMessageID(send(a.to, a.prepared));
                        } catch (JMSException | RuntimeException e) {
                            failures[i] = e;
                        }
                    }
                } else {
                    sendBatch(all, failures);
                }
            } catch (JMSException | RuntimeException e) {
                // Nothing was sent: the unit or the queue could not be had.
                Arrays.fill(failures, e);
            }
            RuntimeException thrown = null;
            for (int i = 0; i < all.size(); i++) {
                AsyncSend a = all.get(i);
                try {
                    if (failures[i] != null) {
                        a.listener.onException(a.message, failures[i]);
                    } else {
                        a.listener.onCompletion(a.message);
                    }
                } catch (RuntimeException e) {
                    thrown = thrown == null ? e : thrown;
                }
            }
            if (thrown != null) {
                throw thrown;
            }
        }

        /**
         * Sends {@code all}, to this send's queue, with one batch of those that were not refused;
         * records each failure in {@code failures}.
         */
        private void sendBatch(List<AsyncSend> all, Exception[] failures) throws JMSException {
            List<Sending.Prepared> out = new ArrayList<>(all.size());
            List<Integer> index = new ArrayList<>(all.size());
            for (int i = 0; i < all.size(); i++) {
                AsyncSend a = all.get(i);
                if (a.refused != null) {
                    failures[i] = a.refused;
                } else {
                    out.add(a.prepared);
                    index.add(i);
                }
            }
            if (out.isEmpty()) {
                return;
            }
            List<Sending.Sent> sent = session.connection.gateway.sending().sendBatch(out);
            for (int k = 0; k < sent.size(); k++) {
                int i = index.get(k);
                if (sent.get(k).failure() != null) {
                    failures[i] = sent.get(k).failure();
                } else {
                    all.get(i).message.setJMSMessageID("ID:" + sent.get(k).messageId());
                }
            }
        }
    }

    /**
     * Sends a prepared message through the store and returns the JMSMessageID. A NON_PERSISTENT send
     * to a queue returns before its message is durable.
     */
    private String send(WharfDestination to, Sending.Prepared p) throws JMSException {
        Sending sending = session.connection.gateway.sending();
        Unit unit = session.acks.unit();
        String id = to.isQueue() ? sending.send(p, unit)
                : sending.publish(p, unit, Subscriptions.publishFilter(session.connection));
        return "ID:" + id;
    }

    private static String deduplicationId(WharfMessage m) throws JMSException {
        String id = m.getStringProperty(DEDUPLICATION_ID);
        return id != null ? id : m.getStringProperty(SQS_DEDUPLICATION_ID);
    }
}
