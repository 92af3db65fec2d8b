package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Misspells destinationLookup: the server drops the property, and the deployment must fail. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinatonLookup", propertyValue = Resources.STD_QUEUE)})
public class MisspelledLookupMdb implements MessageListener {
    @Override
    public void onMessage(Message m) {
        throw new IllegalStateException("never activated");
    }
}
