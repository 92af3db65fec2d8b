package org.wharfmq.ra.it.wildfly;

import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.wharfmq.ra.it.Resources;

/** Sends through one factory with the classic API and with JMSContext, one after the other. */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class BothApis {
    @Resource(lookup = Resources.CF)
    private ConnectionFactory factory;
    @Resource(lookup = Resources.SELECT)
    private Queue queue;

    /** {@code rounds} times: a send on a classic connection, then one on a JMSContext, each closed at once. */
    public void alternate(int rounds, String run) throws JMSException {
        for (int i = 0; i < rounds; i++) {
            try (Connection c = factory.createConnection(); Session s = c.createSession()) {
                var m = s.createTextMessage("classic " + i);
                m.setStringProperty("run", run);
                s.createProducer(queue).send(m);
            }
            try (JMSContext context = factory.createContext()) {
                context.createProducer().setProperty("run", run).send(queue, "context " + i);
            }
        }
    }

    /** How many messages of {@code run} the queue holds; takes them. */
    public int drain(String run) {
        int n = 0;
        try (JMSContext context = factory.createContext()) {
            var consumer = context.createConsumer(queue, "run = '" + run + "'");
            while (consumer.receive(2000) != null) {
                n++;
            }
        }
        return n;
    }
}
