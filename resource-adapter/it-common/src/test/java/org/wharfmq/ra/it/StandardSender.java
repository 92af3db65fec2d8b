package org.wharfmq.ra.it;

import jakarta.ejb.Stateless;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSContext;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/** Sends through a factory named by its JNDI name, with string properties, in the caller's transaction. */
@Stateless
public class StandardSender {
    /** Sends {@code text} through {@code factoryLookup} to {@code destinationLookup}, with {@code properties} (name, value, ...). */
    public void send(String factoryLookup, String destinationLookup, String text, String... properties)
            throws NamingException {
        InitialContext jndi = new InitialContext();
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup(factoryLookup);
        Destination destination = (Destination) jndi.lookup(destinationLookup);
        try (JMSContext context = factory.createContext()) {
            var producer = context.createProducer();
            for (int i = 0; i + 1 < properties.length; i += 2) {
                producer.setProperty(properties[i], properties[i + 1]);
            }
            producer.send(destination, text);
        }
    }

    /** Receives the body of a message matching {@code selector} within {@code millis}, or null. */
    public String receive(String factoryLookup, String destinationLookup, String selector, long millis)
            throws NamingException {
        InitialContext jndi = new InitialContext();
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup(factoryLookup);
        Destination destination = (Destination) jndi.lookup(destinationLookup);
        try (JMSContext context = factory.createContext()) {
            return context.createConsumer(destination, selector).receiveBody(String.class, millis);
        }
    }

    /** Receives the body of a message of store queue {@code queueName} within {@code millis}, or null. */
    public String receiveFromStoreQueue(String factoryLookup, String queueName, long millis) throws NamingException {
        ConnectionFactory factory = (ConnectionFactory) new InitialContext().lookup(factoryLookup);
        try (JMSContext context = factory.createContext()) {
            return context.createConsumer(context.createQueue(queueName)).receiveBody(String.class, millis);
        }
    }

    /** The client id of a connection of {@code factoryLookup}. */
    public String clientId(String factoryLookup) throws NamingException {
        ConnectionFactory factory = (ConnectionFactory) new InitialContext().lookup(factoryLookup);
        try (JMSContext context = factory.createContext()) {
            return context.getClientID();
        }
    }
}
