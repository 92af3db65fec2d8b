package org.wharfmq.ra.it;

import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/** Sends and receives through the pooled connection factory, in container-managed transactions. */
@Stateless
public class Sender {
    @Resource(lookup = Resources.CF)
    private ConnectionFactory factory;
    @Resource
    private SessionContext ejb;

    /** Sends {@code text} (in FIFO {@code group} if not null) and returns its JMSMessageID; commits. */
    public String send(String queueName, String text, String group) throws JMSException, NamingException {
        Queue queue = (Queue) new InitialContext().lookup(queueName);
        try (Connection c = factory.createConnection(); Session s = c.createSession()) {
            TextMessage m = s.createTextMessage(text);
            if (group != null) {
                m.setStringProperty("JMSXGroupID", group);
            }
            s.createProducer(queue).send(m);
            return m.getJMSMessageID();
        }
    }

    /** Sends {@code texts[i]} in FIFO group {@code groups[i]}, all in this one transaction. */
    public void sendAll(String queueName, java.util.List<String> texts, java.util.List<String> groups)
            throws JMSException, NamingException {
        Queue queue = (Queue) new InitialContext().lookup(queueName);
        try (Connection c = factory.createConnection(); Session s = c.createSession()) {
            jakarta.jms.MessageProducer p = s.createProducer(queue);
            for (int i = 0; i < texts.size(); i++) {
                TextMessage m = s.createTextMessage(texts.get(i));
                m.setStringProperty("JMSXGroupID", groups.get(i));
                p.send(m);
            }
        }
    }

    /** Sends {@code text}, then the transaction rolls back. */
    public void sendThenRollBack(String queueName, String text) throws JMSException, NamingException {
        send(queueName, text, null);
        ejb.setRollbackOnly();
    }

    /** Receives one message within {@code millis}, or null. */
    public Message receive(String queueName, long millis) throws JMSException, NamingException {
        Queue queue = (Queue) new InitialContext().lookup(queueName);
        try (Connection c = factory.createConnection(); Session s = c.createSession()) {
            c.start();
            MessageConsumer consumer = s.createConsumer(queue);
            return consumer.receive(millis);
        }
    }
}
