package org.wharfmq.jms;

import static org.wharfmq.jms.RuntimeErrors.call;
import static org.wharfmq.jms.RuntimeErrors.run;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.transaction.xa.XAResource;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.Destination;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Session;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.StreamMessage;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.XAJMSContext;

/**
 * The simplified API: one session on a connection that may be shared with the contexts made by
 * {@link #createContext(int)}; the connection closes with the last of them. The session is opened
 * on first use, so that {@link #setClientID} still works right after the context is created.
 */
public final class WharfContext implements JMSContext, XAJMSContext {

    /** A connection and how many open contexts use it. */
    private static final class SharedConnection {
        final WharfConnection connection;
        private int users = 1;

        SharedConnection(WharfConnection connection) {
            this.connection = connection;
        }

        synchronized void acquire() {
            users++;
        }

        /** True when the last user let go. */
        synchronized boolean release() {
            return --users == 0;
        }
    }

    private final SharedConnection shared;
    private final int sessionMode;
    private final boolean xa;
    /** False for a context {@link #over} a session it borrows: closing it leaves session and connection open. */
    private final boolean owner;
    private final List<WharfJMSConsumer> consumers = new CopyOnWriteArrayList<>();
    private WharfSession session;
    private volatile boolean autoStart = true;
    private volatile boolean closed;

    /** A context that owns {@code connection}; the connection is closed if {@code sessionMode} is not valid. */
    public WharfContext(WharfConnection connection, int sessionMode, boolean xa) {
        try {
            checkSessionMode(sessionMode);
        } catch (JMSRuntimeException e) {
            try {
                connection.close();
            } catch (JMSException ignored) {
                // The mode is the error to report.
            }
            throw e;
        }
        this.shared = new SharedConnection(connection);
        this.sessionMode = sessionMode;
        this.xa = xa;
        this.owner = true;
        try {
            if (xa) {
                run(() -> connection.gateway.capabilities().requireXa("an XA JMSContext"));
            } else if (sessionMode == SESSION_TRANSACTED) {
                run(() -> connection.gateway.capabilities().requireTransactions("a transacted JMSContext"));
            }
        } catch (JMSRuntimeException e) {
            try {
                connection.close();
            } catch (JMSException ignored) {
                // The missing capability is the error to report.
            }
            throw e;
        }
    }

    private WharfContext(SharedConnection shared, int sessionMode) {
        this.shared = shared;
        this.sessionMode = sessionMode;
        this.xa = false;
        this.owner = true;
    }

    private WharfContext(WharfSession session) throws JMSException {
        this.shared = new SharedConnection(session.connection);
        this.sessionMode = session.getTransacted() ? SESSION_TRANSACTED : session.getAcknowledgeMode();
        this.xa = session.xa;
        this.owner = false;
        this.session = session;
    }

    /**
     * A context on an open session of a Wharf connection, as a server's pooled connection serves
     * both APIs from one session (and one XA resource). Closing the context closes its consumers
     * only: the session and its connection stay open for their owner.
     *
     * @throws IllegalArgumentException if {@code session} is not a Wharf session
     */
    public static JMSContext over(Session session) {
        if (!(session instanceof WharfSession s)) {
            throw new IllegalArgumentException("a Wharf JMSContext needs a Wharf session, not "
                    + (session == null ? "null" : session.getClass().getName()));
        }
        return call(() -> new WharfContext(s));
    }

    private static void checkSessionMode(int mode) {
        if (mode != AUTO_ACKNOWLEDGE && mode != CLIENT_ACKNOWLEDGE && mode != DUPS_OK_ACKNOWLEDGE
                && mode != SESSION_TRANSACTED) {
            throw new JMSRuntimeException("session mode " + mode + " is not one of SESSION_TRANSACTED (0),"
                    + " AUTO_ACKNOWLEDGE (1), CLIENT_ACKNOWLEDGE (2) or DUPS_OK_ACKNOWLEDGE (3)");
        }
    }

    /**
     * The runtime twin of a checked JMS exception (IllegalStateException to
     * IllegalStateRuntimeException, and so on; any other to JMSRuntimeException), with its message
     * and error code. The checked exception is the cause, so its own cause and linked exception stay
     * reachable.
     */
    public static JMSRuntimeException runtime(JMSException e) {
        return RuntimeErrors.of(e);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateRuntimeException("the JMSContext is closed");
        }
    }

    /** The session, opened on first use. */
    synchronized WharfSession session() {
        checkOpen();
        if (session == null) {
            session = call(() -> shared.connection.newSession(sessionMode == SESSION_TRANSACTED, sessionMode, xa));
        }
        return session;
    }

    private synchronized WharfSession sessionIfOpened() {
        return session;
    }

    /** True on a CompletionListener callback of this context's asynchronous sends. */
    private boolean inCompletion(WharfSession s) {
        return s != null && s.asyncSends.inCompletion();
    }

    /** Waits for this context's asynchronous sends. */
    private void awaitSends(WharfSession s) {
        if (s != null) {
            run(s.asyncSends::await);
        }
    }

    void removeConsumer(WharfJMSConsumer c) {
        consumers.remove(c);
    }

    // ---- connection ----

    /** A context on the same connection with a session of its own; one made from an XA context is not XA. */
    @Override
    public JMSContext createContext(int mode) {
        checkOpen();
        checkSessionMode(mode);
        shared.acquire();
        return new WharfContext(shared, mode);
    }

    @Override
    public String getClientID() {
        checkOpen();
        return call(shared.connection::getClientID);
    }

    @Override
    public void setClientID(String clientID) {
        checkOpen();
        run(() -> shared.connection.setClientID(clientID));
    }

    @Override
    public ConnectionMetaData getMetaData() {
        checkOpen();
        return call(shared.connection::getMetaData);
    }

    @Override
    public ExceptionListener getExceptionListener() {
        checkOpen();
        return call(shared.connection::getExceptionListener);
    }

    @Override
    public void setExceptionListener(ExceptionListener listener) {
        checkOpen();
        run(() -> shared.connection.setExceptionListener(listener));
    }

    @Override
    public void start() {
        checkOpen();
        run(shared.connection::start);
    }

    @Override
    public void stop() {
        checkOpen();
        run(shared.connection::stop);
    }

    @Override
    public void setAutoStart(boolean autoStart) {
        checkOpen();
        this.autoStart = autoStart;
    }

    @Override
    public boolean getAutoStart() {
        checkOpen();
        return autoStart;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        WharfSession s = sessionIfOpened();
        if (s != null && WharfSession.inListenerOf(s)) {
            throw new IllegalStateRuntimeException("a MessageListener cannot close its own JMSContext");
        }
        if (inCompletion(s)) {
            throw new IllegalStateRuntimeException("a CompletionListener cannot close its own JMSContext");
        }
        awaitSends(s);
        // Consumers first: their listeners finish, acknowledgement included, while the session is open.
        for (WharfJMSConsumer c : consumers) {
            c.close();
        }
        if (s != null && owner) {
            run(s::close);
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (owner && shared.release()) {
            run(shared.connection::close);
        }
    }

    // ---- messages ----

    @Override
    public BytesMessage createBytesMessage() {
        return call(() -> session().createBytesMessage());
    }

    @Override
    public MapMessage createMapMessage() {
        return call(() -> session().createMapMessage());
    }

    @Override
    public Message createMessage() {
        return call(() -> session().createMessage());
    }

    @Override
    public ObjectMessage createObjectMessage() {
        return call(() -> session().createObjectMessage());
    }

    @Override
    public ObjectMessage createObjectMessage(Serializable object) {
        return call(() -> session().createObjectMessage(object));
    }

    @Override
    public StreamMessage createStreamMessage() {
        return call(() -> session().createStreamMessage());
    }

    @Override
    public TextMessage createTextMessage() {
        return call(() -> session().createTextMessage());
    }

    @Override
    public TextMessage createTextMessage(String text) {
        return call(() -> session().createTextMessage(text));
    }

    // ---- transactions and acknowledgement ----

    @Override
    public boolean getTransacted() {
        checkOpen();
        return sessionMode == SESSION_TRANSACTED;
    }

    @Override
    public int getSessionMode() {
        checkOpen();
        return sessionMode;
    }

    @Override
    public void commit() {
        WharfSession s = session();
        if (inCompletion(s)) {
            throw new IllegalStateRuntimeException("a CompletionListener cannot commit its own JMSContext");
        }
        awaitSends(s);
        run(s::commit);
    }

    @Override
    public void rollback() {
        WharfSession s = session();
        if (inCompletion(s)) {
            throw new IllegalStateRuntimeException("a CompletionListener cannot roll back its own JMSContext");
        }
        awaitSends(s);
        run(s::rollback);
    }

    @Override
    public void recover() {
        run(() -> session().recover());
    }

    @Override
    public void acknowledge() {
        checkOpen();
        WharfSession s = session();
        run(s.acks::acknowledgeAll);
    }

    // ---- producers, consumers, browsers ----

    @Override
    public JMSProducer createProducer() {
        return new WharfJMSProducer(this);
    }

    /** A classic consumer made on this context's session. */
    private interface ConsumerCall {
        MessageConsumer create(WharfSession s) throws JMSException;
    }

    /** Wraps a new consumer and, if autoStart is on, starts the connection. */
    private JMSConsumer consumer(ConsumerCall make) {
        WharfSession s = session();
        WharfConsumer c = (WharfConsumer) call(() -> make.create(s));
        if (autoStart) {
            run(shared.connection::start);
        }
        WharfJMSConsumer consumer = new WharfJMSConsumer(this, c);
        consumers.add(consumer);
        return consumer;
    }

    @Override
    public JMSConsumer createConsumer(Destination destination) {
        return consumer(s -> s.createConsumer(destination));
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String messageSelector) {
        return consumer(s -> s.createConsumer(destination, messageSelector));
    }

    @Override
    public JMSConsumer createConsumer(Destination destination, String messageSelector, boolean noLocal) {
        return consumer(s -> s.createConsumer(destination, messageSelector, noLocal));
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name) {
        return consumer(s -> s.createDurableConsumer(topic, name));
    }

    @Override
    public JMSConsumer createDurableConsumer(Topic topic, String name, String messageSelector, boolean noLocal) {
        return consumer(s -> s.createDurableConsumer(topic, name, messageSelector, noLocal));
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name) {
        return consumer(s -> s.createSharedDurableConsumer(topic, name));
    }

    @Override
    public JMSConsumer createSharedDurableConsumer(Topic topic, String name, String messageSelector) {
        return consumer(s -> s.createSharedDurableConsumer(topic, name, messageSelector));
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName) {
        return consumer(s -> s.createSharedConsumer(topic, sharedSubscriptionName));
    }

    @Override
    public JMSConsumer createSharedConsumer(Topic topic, String sharedSubscriptionName, String messageSelector) {
        return consumer(s -> s.createSharedConsumer(topic, sharedSubscriptionName, messageSelector));
    }

    @Override
    public QueueBrowser createBrowser(Queue queue) {
        return createBrowser(queue, null);
    }

    @Override
    public QueueBrowser createBrowser(Queue queue, String messageSelector) {
        return call(() -> session().createBrowser(queue, messageSelector));
    }

    // ---- destinations and subscriptions ----

    @Override
    public Queue createQueue(String queueName) {
        return call(() -> session().createQueue(queueName));
    }

    @Override
    public Topic createTopic(String topicName) {
        return call(() -> session().createTopic(topicName));
    }

    @Override
    public TemporaryQueue createTemporaryQueue() {
        return call(() -> session().createTemporaryQueue());
    }

    @Override
    public TemporaryTopic createTemporaryTopic() {
        return call(() -> session().createTemporaryTopic());
    }

    @Override
    public void unsubscribe(String name) {
        run(() -> session().unsubscribe(name));
    }

    // ---- XA ----

    @Override
    public JMSContext getContext() {
        checkOpen();
        return this;
    }

    @Override
    public XAResource getXAResource() {
        if (!xa) {
            checkOpen();
            throw new IllegalStateRuntimeException("this JMSContext was not created by createXAContext");
        }
        return session().getXAResource();
    }
}
