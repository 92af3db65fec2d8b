package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Its prefetch is out of range (0..9), so the adapter refuses to activate it and its deployment fails. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = Resources.INVALID_QUEUE),
    @ActivationConfigProperty(propertyName = "prefetch", propertyValue = InvalidActivationIT.BAD_PREFETCH)})
public class BadPrefetchMdb implements MessageListener {
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
