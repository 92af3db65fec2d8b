package org.wharfmq.ra.it;

import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.jms.JMSConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/** Sends and receives with an injected JMSContext over the Wharf connection factory. */
@Stateless
public class ContextClient {
    @Inject
    @JMSConnectionFactory(Resources.CF)
    private JMSContext context;

    /** Sends {@code text} with properties {@code color} and {@code run}. */
    public void send(String queueName, String text, String color, String run) throws NamingException {
        Queue queue = (Queue) new InitialContext().lookup(queueName);
        context.createProducer().setProperty("color", color).setProperty("run", run).send(queue, text);
    }

    /** The body of the first message matching {@code selector} within {@code millis}, or null. */
    public String receive(String queueName, String selector, long millis) throws NamingException {
        Queue queue = (Queue) new InitialContext().lookup(queueName);
        return context.createConsumer(queue, selector).receiveBody(String.class, millis);
    }
}
