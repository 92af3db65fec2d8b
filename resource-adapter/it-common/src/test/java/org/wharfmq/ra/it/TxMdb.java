package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Records what arrives on the queue the transaction test sends to. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = Resources.TX_QUEUE)})
public class TxMdb implements MessageListener {
    @EJB
    private Journal journal;

    @Override
    public void onMessage(Message m) {
        try {
            journal.record(Resources.TX_QUEUE, m);
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
