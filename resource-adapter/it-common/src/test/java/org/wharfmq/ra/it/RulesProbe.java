package org.wharfmq.ra.it;

import java.util.UUID;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.Topic;

/**
 * Makes the calls Jakarta Messaging 12.2 and 12.3 rule on, through the application's Wharf
 * connection factory, outside or inside a container-managed transaction, and tells what each did:
 * "returned X", or the class and message of what it threw.
 */
@Stateless
public class RulesProbe {
    static final String QUEUE = "it-rules";
    private static final String TOPIC = "it-rules-topic";

    @Resource(lookup = Resources.CF)
    private ConnectionFactory factory;
    @Resource
    private SessionContext ejb;

    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public String outside(String call) {
        return outcome(call);
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public String inside(String call) {
        return outcome(call);
    }

    /**
     * Sends a message tagged {@code run} on a session made with {@code sessionMode}, and returns
     * what another transaction receives of it at once (within a second): its body or null.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public String sendInside(int sessionMode, String run) throws Exception {
        send(sessionMode, run);
        return ejb.getBusinessObject(RulesProbe.class).receive(run, 1_000);
    }

    /** As {@link #sendInside}, outside a transaction. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public String sendOutside(int sessionMode, String run) throws Exception {
        send(sessionMode, run);
        return ejb.getBusinessObject(RulesProbe.class).receive(run, 10_000);
    }

    /** The body of the message tagged {@code run}, received in a transaction of its own, or null. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public String receive(String run, long millis) throws Exception {
        try (Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession();
            MessageConsumer consumer = s.createConsumer(s.createQueue(QUEUE), "run = '" + run + "'");
            Message m = consumer.receive(millis);
            return m == null ? null : m.getBody(String.class);
        }
    }

    private void send(int sessionMode, String run) throws Exception {
        try (Connection c = factory.createConnection()) {
            Session s = c.createSession(sessionMode);
            Message m = s.createTextMessage("sent " + run);
            m.setStringProperty("run", run);
            s.createProducer(s.createQueue(QUEUE)).send(m);
        }
    }

    private String outcome(String call) {
        try {
            return "returned " + call(call);
        } catch (Exception e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private Object call(String call) throws Exception {
        if (call.startsWith("JMSContext") || call.startsWith("JMSConsumer.") || call.startsWith("JMSProducer.")) {
            return simplified(call);
        }
        try (Connection c = factory.createConnection()) {
            Session s;
            switch (call) {
                case "Connection.setClientID" -> c.setClientID("rules-" + UUID.randomUUID());
                case "Connection.setExceptionListener" -> c.setExceptionListener(e -> { });
                case "Connection.stop" -> c.stop();
                case "Connection.createConnectionConsumer" ->
                        c.createConnectionConsumer(queue(c), null, null, 1);
                case "Connection.createSharedConnectionConsumer" ->
                        c.createSharedConnectionConsumer(topic(c), "rules", null, null, 1);
                case "Connection.createDurableConnectionConsumer" ->
                        c.createDurableConnectionConsumer(topic(c), "rules", null, null, 1);
                case "Connection.createSharedDurableConnectionConsumer" ->
                        c.createSharedDurableConnectionConsumer(topic(c), "rules", null, null, 1);
                case "Connection.createSession twice" -> {
                    c.createSession();
                    c.createSession();
                }
                case "Session.setMessageListener" -> c.createSession().setMessageListener(m -> { });
                case "Session.getMessageListener" -> {
                    return c.createSession().getMessageListener();
                }
                case "Session.run" -> c.createSession().run();
                case "MessageConsumer.setMessageListener" -> {
                    s = c.createSession();
                    s.createConsumer(s.createQueue(QUEUE)).setMessageListener(m -> { });
                }
                case "MessageConsumer.getMessageListener" -> {
                    s = c.createSession();
                    return s.createConsumer(s.createQueue(QUEUE)).getMessageListener();
                }
                case "MessageProducer.send(Message, CompletionListener)" -> {
                    s = c.createSession();
                    s.createProducer(s.createQueue(QUEUE)).send(s.createTextMessage("async"), LISTENER);
                }
                case "MessageProducer.send(Message, int, int, long, CompletionListener)" -> {
                    s = c.createSession();
                    s.createProducer(s.createQueue(QUEUE)).send(s.createTextMessage("async"),
                            DeliveryMode.PERSISTENT, 4, 0, LISTENER);
                }
                case "MessageProducer.send(Destination, Message, CompletionListener)" -> {
                    s = c.createSession();
                    s.createProducer(null).send(s.createQueue(QUEUE), s.createTextMessage("async"), LISTENER);
                }
                case "MessageProducer.send(Destination, Message, int, int, long, CompletionListener)" -> {
                    s = c.createSession();
                    s.createProducer(null).send(s.createQueue(QUEUE), s.createTextMessage("async"),
                            DeliveryMode.PERSISTENT, 4, 0, LISTENER);
                }
                case "Session mode of createSession(SESSION_TRANSACTED)" -> {
                    return mode(c.createSession(Session.SESSION_TRANSACTED));
                }
                case "Session mode of createSession(true, AUTO_ACKNOWLEDGE)" -> {
                    return mode(c.createSession(true, Session.AUTO_ACKNOWLEDGE));
                }
                case "Session mode of createSession(CLIENT_ACKNOWLEDGE)" -> {
                    return mode(c.createSession(Session.CLIENT_ACKNOWLEDGE));
                }
                case "Session mode of createSession()" -> {
                    return mode(c.createSession());
                }
                case "Session.commit" -> c.createSession(Session.SESSION_TRANSACTED).commit();
                case "Session.rollback" -> c.createSession(Session.SESSION_TRANSACTED).rollback();
                case "Session.recover" -> c.createSession().recover();
                default -> throw new IllegalArgumentException("no such call: " + call);
            }
            return "nothing";
        }
    }

    private Object simplified(String call) {
        int mode = switch (call) {
            case "JMSContext mode of createContext(SESSION_TRANSACTED)", "JMSContext.commit", "JMSContext.rollback" ->
                    JMSContext.SESSION_TRANSACTED;
            case "JMSContext mode of createContext(CLIENT_ACKNOWLEDGE)" -> JMSContext.CLIENT_ACKNOWLEDGE;
            default -> JMSContext.AUTO_ACKNOWLEDGE;
        };
        try (JMSContext ctx = factory.createContext(mode)) {
            switch (call) {
                case "JMSContext.setClientID" -> ctx.setClientID("rules-" + UUID.randomUUID());
                case "JMSContext.setExceptionListener" -> ctx.setExceptionListener(e -> { });
                case "JMSContext.stop" -> ctx.stop();
                case "JMSContext.createContext" -> ctx.createContext(JMSContext.AUTO_ACKNOWLEDGE).close();
                case "JMSConsumer.setMessageListener" ->
                        ctx.createConsumer(ctx.createQueue(QUEUE)).setMessageListener(m -> { });
                case "JMSConsumer.getMessageListener" -> {
                    return ctx.createConsumer(ctx.createQueue(QUEUE)).getMessageListener();
                }
                case "JMSProducer.setAsync" -> ctx.createProducer().setAsync(LISTENER);
                case "JMSContext mode of createContext(SESSION_TRANSACTED)",
                     "JMSContext mode of createContext(CLIENT_ACKNOWLEDGE)" -> {
                    return ctx.getTransacted() + " " + ctx.getSessionMode();
                }
                case "JMSContext.commit" -> ctx.commit();
                case "JMSContext.rollback" -> ctx.rollback();
                case "JMSContext.recover" -> ctx.recover();
                default -> throw new IllegalArgumentException("no such call: " + call);
            }
            return "nothing";
        }
    }

    private static String mode(Session s) throws Exception {
        return s.getTransacted() + " " + s.getAcknowledgeMode();
    }

    private static Queue queue(Connection c) throws Exception {
        Session s = c.createSession();
        Queue q = s.createQueue(QUEUE);
        s.close();
        return q;
    }

    private static Topic topic(Connection c) throws Exception {
        Session s = c.createSession();
        Topic t = s.createTopic(TOPIC);
        s.close();
        return t;
    }

    private static final CompletionListener LISTENER = new CompletionListener() {
        @Override
        public void onCompletion(Message message) {
        }

        @Override
        public void onException(Message message, Exception exception) {
        }
    };
}
