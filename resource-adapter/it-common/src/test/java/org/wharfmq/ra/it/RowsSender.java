package org.wharfmq.ra.it;

import java.util.List;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/** Sends texts to {@link RowsMdb}'s queue through the pooled factory, in one container transaction. */
@Stateless
public class RowsSender {
    @Resource(lookup = Resources.CF)
    private ConnectionFactory factory;

    public void send(List<String> texts) throws JMSException {
        try (Connection c = factory.createConnection(); Session s = c.createSession()) {
            MessageProducer p = s.createProducer(s.createQueue(RowsMdb.QUEUE));
            for (String text : texts) {
                p.send(s.createTextMessage(text));
            }
        }
    }
}
