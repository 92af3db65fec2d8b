package org.wharfmq.jms;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import javax.transaction.xa.XAResource;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.QueueReceiver;
import jakarta.jms.QueueSender;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.TopicPublisher;
import jakarta.jms.TopicSubscriber;
import jakarta.jms.XAQueueSession;
import jakarta.jms.XATopicSession;
import org.wharfmq.jms.message.WharfBytesMessage;
import org.wharfmq.jms.message.WharfMapMessage;
import org.wharfmq.jms.message.WharfMessage;
import org.wharfmq.jms.message.WharfObjectMessage;
import org.wharfmq.jms.message.WharfStreamMessage;
import org.wharfmq.jms.message.WharfTextMessage;

/**
 * A session: a single-threaded context for producing and consuming. It owns acknowledgement and
 * transactions through the {@link Acknowledgement} strategy of its mode, and delivers to its
 * listeners one at a time ({@link ListenerLane}).
 */
public final class WharfSession implements jakarta.jms.QueueSession, jakarta.jms.TopicSession, XAQueueSession,
        XATopicSession {
    /** Acknowledges one message at a time (a Wharf extension). */
    public static final int INDIVIDUAL_ACKNOWLEDGE = 101;
    /** The same mode under the number amazon-sqs-java-messaging-lib uses. */
    public static final int INDIVIDUAL_ACKNOWLEDGE_ALIAS = 100;

    /** What the session was created as: a QueueSession or TopicSession refuses the other domain. */
    enum Domain { ANY, QUEUE, TOPIC }

    final WharfConnection connection;
    Domain domain = Domain.ANY;
    final boolean transacted;
    final int mode;
    final boolean xa;
    final Acknowledgement acks;
    final AsyncSends asyncSends = new AsyncSends();
    private final List<WharfConsumer> consumers = new CopyOnWriteArrayList<>();
    private final List<WharfProducer> producers = new CopyOnWriteArrayList<>();
    private final List<WharfQueueBrowser> browsers = new CopyOnWriteArrayList<>();
    private final ListenerLane lane = new ListenerLane();
    private volatile boolean closed;
    private volatile MessageListener sessionListener;

    WharfSession(WharfConnection connection, boolean transacted, int mode, boolean xa) throws JMSException {
        this.connection = connection;
        this.transacted = transacted;
        this.mode = Acknowledgement.mode(transacted, mode);
        this.xa = xa;
        this.acks = Acknowledgement.of(this, connection.gateway, transacted, this.mode, xa);
    }

    static boolean inListenerOf(WharfConnection c) {
        WharfSession s = ListenerLane.current();
        return s != null && s.connection == c;
    }

    static boolean inListenerOf(WharfSession session) {
        return ListenerLane.current() == session;
    }

    /** Runs a delivery to a listener, one at a time per session. */
    void deliver(Runnable work) {
        lane.deliver(this, work);
    }

    /** Waits for a listener delivery in progress to finish. */
    void awaitDeliveryIdle() {
        lane.awaitIdle();
    }

    /** Queues a pooled listener's turn behind the session's others, on {@code threads}. */
    void scheduleTurn(Runnable turn, Executor threads) {
        lane.schedule(turn, threads);
    }

    /** The connection stopped: receives waiting in the store end now. */
    void stopped() {
        consumers.forEach(WharfConsumer::stopped);
    }

    /** The connection started: pooled listeners look for messages. */
    void started() {
        consumers.forEach(WharfConsumer::started);
    }

    void checkOpen() throws IllegalStateException {
        if (closed) {
            throw new IllegalStateException("the session is closed");
        }
    }

    private void checkDomain(Domain needed, String method) throws IllegalStateException {
        checkOpen();
        if (domain != Domain.ANY && domain != needed) {
            throw new IllegalStateException(method + " is not for a " + (domain == Domain.QUEUE ? "QueueSession" : "TopicSession"));
        }
    }

    boolean isClosed() {
        return closed;
    }

    // ---- messages ----

    private <M extends Message> M made(M message) throws IllegalStateException {
        checkOpen();
        return message;
    }

    @Override
    public BytesMessage createBytesMessage() throws JMSException {
        return made(new WharfBytesMessage());
    }

    @Override
    public MapMessage createMapMessage() throws JMSException {
        return made(new WharfMapMessage());
    }

    @Override
    public Message createMessage() throws JMSException {
        return made(new WharfMessage());
    }

    @Override
    public ObjectMessage createObjectMessage() throws JMSException {
        return made(new WharfObjectMessage());
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) throws JMSException {
        ObjectMessage m = made(new WharfObjectMessage());
        m.setObject(object);
        return m;
    }

    @Override
    public StreamMessage createStreamMessage() throws JMSException {
        return made(new WharfStreamMessage());
    }

    @Override
    public TextMessage createTextMessage() throws JMSException {
        return made(new WharfTextMessage());
    }

    @Override
    public TextMessage createTextMessage(String text) throws JMSException {
        TextMessage m = made(new WharfTextMessage());
        m.setText(text);
        return m;
    }

    // ---- transactions and acknowledgement ----

    @Override
    public boolean getTransacted() throws JMSException {
        checkOpen();
        return transacted;
    }

    @Override
    public int getAcknowledgeMode() throws JMSException {
        checkOpen();
        return transacted ? SESSION_TRANSACTED : mode;
    }

    @Override
    public void commit() throws JMSException {
        checkOpen();
        checkNotInCompletion();
        acks.checkCommit();
        asyncSends.await();
        acks.commit();
    }

    @Override
    public void rollback() throws JMSException {
        checkOpen();
        checkNotInCompletion();
        acks.checkCommit();
        asyncSends.await();
        acks.rollback();
    }

    @Override
    public void recover() throws JMSException {
        checkOpen();
        acks.recover(inListenerOf(this));
    }

    // ---- close ----

    @Override
    public void close() throws JMSException {
        if (closed) {
            return;
        }
        checkNotInCompletion();
        if (inListenerOf(this)) {
            throw new IllegalStateException("a message listener cannot close its own session");
        }
        closed = true;
        for (WharfConsumer c : consumers) {
            c.close();
        }
        for (WharfQueueBrowser b : browsers) {
            b.close();
        }
        producers.clear();
        asyncSends.shutdown();
        if (!inListenerOf(this)) {
            awaitDeliveryIdle();
        }
        acks.close();
        connection.removeSession(this);
    }

    // ---- producers and consumers ----

    @Override
    public MessageProducer createProducer(Destination destination) throws JMSException {
        checkOpen();
        WharfProducer p = new WharfProducer(this, destination == null ? null : WharfDestination.of(destination));
        producers.add(p);
        return p;
    }

    void removeProducer(WharfProducer p) {
        producers.remove(p);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination) throws JMSException {
        return consumer(destination, null, false, null, false, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String messageSelector) throws JMSException {
        return consumer(destination, messageSelector, false, null, false, false);
    }

    @Override
    public MessageConsumer createConsumer(Destination destination, String messageSelector, boolean noLocal)
            throws JMSException {
        return consumer(destination, messageSelector, noLocal, null, false, false);
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName) throws JMSException {
        return createSharedConsumer(topic, sharedSubscriptionName, null);
    }

    @Override
    public MessageConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName, String messageSelector)
            throws JMSException {
        checkDomain(Domain.TOPIC, "createSharedConsumer");
        requireName(sharedSubscriptionName);
        return consumer(topic, messageSelector, false, sharedSubscriptionName, false, true);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(Topic topic, String name, String messageSelector, boolean noLocal)
            throws JMSException {
        checkDomain(Domain.TOPIC, "createDurableSubscriber");
        requireName(name);
        return consumer(topic, messageSelector, noLocal, name, true, false);
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name) throws JMSException {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public MessageConsumer createDurableConsumer(Topic topic, String name, String messageSelector, boolean noLocal)
            throws JMSException {
        return createDurableSubscriber(topic, name, messageSelector, noLocal);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name) throws JMSException {
        return createSharedDurableConsumer(topic, name, null);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(Topic topic, String name, String messageSelector)
            throws JMSException {
        checkDomain(Domain.TOPIC, "createSharedDurableConsumer");
        requireName(name);
        return consumer(topic, messageSelector, false, name, true, true);
    }

    private static void requireName(String name) throws JMSException {
        if (name == null || name.isEmpty()) {
            throw new JMSException("a subscription name must not be null or empty");
        }
    }

    private WharfConsumer consumer(Destination destination, String selector, boolean noLocal, String subscription,
                                   boolean durable, boolean shared) throws JMSException {
        checkOpen();
        WharfDestination d = WharfDestination.of(destination);
        if (subscription != null && d.isQueue()) {
            throw new InvalidDestinationException("subscriptions are for topics; " + d + " is a queue");
        }
        Subscriptions.Source source = Subscriptions.source(connection, d, selector, noLocal, subscription, durable,
                shared);
        WharfConsumer c = new WharfConsumer(this, source, selector, noLocal);
        consumers.add(c);
        return c;
    }

    void removeConsumer(WharfConsumer c) {
        consumers.remove(c);
    }

    /** True if a consumer of this session reads the destination. */
    boolean consumes(WharfDestination d) {
        return consumers.stream().anyMatch(c -> c.source.destination().equals(d));
    }

    @Override
    public void unsubscribe(String name) throws JMSException {
        checkDomain(Domain.TOPIC, "unsubscribe");
        Subscriptions.unsubscribe(connection, name);
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) throws JMSException {
        return createBrowser(queue, null);
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) throws JMSException {
        checkDomain(Domain.QUEUE, "createBrowser");
        WharfDestination d = WharfDestination.of(queue);
        // A bad selector is reported as such, also on a backend that cannot browse.
        org.wharfmq.jms.selector.Selector.parse(messageSelector);
        connection.gateway.capabilities().requireBrowsing();
        WharfQueueBrowser b = new WharfQueueBrowser(this, (Queue) d, messageSelector);
        browsers.add(b);
        return b;
    }

    void removeBrowser(WharfQueueBrowser b) {
        browsers.remove(b);
    }

    @Override
    public Queue createQueue(String queueName) throws JMSException {
        checkDomain(Domain.QUEUE, "createQueue");
        if (queueName == null || queueName.isEmpty()) {
            throw new InvalidDestinationException("a queue name must not be null or empty");
        }
        return new WharfQueue(queueName);
    }

    @Override
    public Topic createTopic(String topicName) throws JMSException {
        checkDomain(Domain.TOPIC, "createTopic");
        if (topicName == null || topicName.isEmpty()) {
            throw new InvalidDestinationException("a topic name must not be null or empty");
        }
        return new WharfTopic(topicName);
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException {
        checkDomain(Domain.QUEUE, "createTemporaryQueue");
        return connection.createTemporaryQueue();
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException {
        checkDomain(Domain.TOPIC, "createTemporaryTopic");
        return connection.createTemporaryTopic();
    }

    @Override
    public QueueReceiver createReceiver(Queue queue) throws JMSException {
        return (QueueReceiver) createConsumer(queue);
    }

    @Override
    public QueueReceiver createReceiver(Queue queue, String messageSelector) throws JMSException {
        return (QueueReceiver) createConsumer(queue, messageSelector);
    }

    @Override
    public QueueSender createSender(Queue queue) throws JMSException {
        return (QueueSender) createProducer(queue);
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic) throws JMSException {
        return (TopicSubscriber) createConsumer(topic);
    }

    @Override
    public TopicSubscriber createSubscriber(Topic topic, String messageSelector, boolean noLocal)
            throws JMSException {
        return (TopicSubscriber) createConsumer(topic, messageSelector, noLocal);
    }

    @Override
    public TopicPublisher createPublisher(Topic topic) throws JMSException {
        return (TopicPublisher) createProducer(topic);
    }

    void checkNotInCompletion() throws IllegalStateException {
        asyncSends.checkNotInCompletion();
    }

    // ---- application server facilities ----

    @Override
    public MessageListener getMessageListener() throws JMSException {
        checkOpen();
        return sessionListener;
    }

    @Override
    public void setMessageListener(MessageListener listener) throws JMSException {
        checkOpen();
        this.sessionListener = listener;
    }

    /** Queues a delivery that {@link #run()} will make (for a ConnectionConsumer's ServerSession). */
    void enqueueForRun(Runnable work) {
        lane.enqueue(work);
    }

    @Override
    public void run() {
        lane.runQueued(this);
    }

    @Override
    public Session getSession() throws JMSException {
        checkOpen();
        return this;
    }

    @Override
    public jakarta.jms.QueueSession getQueueSession() throws JMSException {
        return (jakarta.jms.QueueSession) getSession();
    }

    @Override
    public jakarta.jms.TopicSession getTopicSession() throws JMSException {
        return (jakarta.jms.TopicSession) getSession();
    }

    @Override
    public XAResource getXAResource() {
        try {
            return acks.xaResource(connection.gateway.transacting());
        } catch (JMSException e) {
            throw new java.lang.IllegalStateException(e.getMessage(), e);
        }
    }
}
