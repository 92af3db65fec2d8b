package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Records each delivery, then fails, so its transaction rolls back and the message comes again. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = Resources.POISON_QUEUE),
    @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "2")})
public class PoisonMdb implements MessageListener {
    @EJB
    private Journal journal;

    @Override
    public void onMessage(Message m) {
        try {
            journal.record(Resources.POISON_QUEUE, m);
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
        throw new IllegalStateException("poison message: this MDB always fails (expected by the test)");
    }
}
