package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** A valid MDB on the queue of {@link BadPrefetchMdb}, deployed after that one failed. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = Resources.INVALID_QUEUE)})
public class SameQueueMdb implements MessageListener {
    @EJB
    private Journal journal;

    @Override
    public void onMessage(Message m) {
        try {
            journal.record(Resources.INVALID_QUEUE, m);
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
