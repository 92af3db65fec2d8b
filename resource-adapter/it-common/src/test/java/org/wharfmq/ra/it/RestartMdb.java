package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Records what arrives on the restart test's queue; deployed only after the server restarted. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = Resources.RESTART_QUEUE)})
public class RestartMdb implements MessageListener {
    @EJB
    private Journal journal;

    @Override
    public void onMessage(Message m) {
        try {
            journal.record(Resources.RESTART_QUEUE, m);
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
