package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.MessageListener;

/** Only standard activation properties: a queue named by its JNDI name. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = Resources.STD_QUEUE),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
    @ActivationConfigProperty(propertyName = "acknowledgeMode", propertyValue = "Auto-acknowledge")})
public class StandardQueueMdb extends JournalMdb implements MessageListener {
    public StandardQueueMdb() {
        super(Resources.STD_QUEUE_NAME);
    }
}
