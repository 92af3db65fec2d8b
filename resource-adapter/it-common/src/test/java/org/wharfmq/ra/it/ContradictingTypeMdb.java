package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Names a queue by destinationLookup but says it is a topic: its deployment must fail. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = Resources.STD_QUEUE),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Topic")})
public class ContradictingTypeMdb implements MessageListener {
    @Override
    public void onMessage(Message m) {
        throw new IllegalStateException("never activated");
    }
}
