package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.MessageListener;

/** Only standard activation properties: a durable subscription with a client id, its type from the lookup. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = Resources.STD_TOPIC),
    @ActivationConfigProperty(propertyName = "subscriptionDurability", propertyValue = "Durable"),
    @ActivationConfigProperty(propertyName = "clientId", propertyValue = Resources.STD_CLIENT_ID),
    @ActivationConfigProperty(propertyName = "subscriptionName", propertyValue = Resources.STD_SUBSCRIPTION)})
public class StandardTopicMdb extends JournalMdb implements MessageListener {
    public StandardTopicMdb() {
        super(Resources.STD_TOPIC_NAME);
    }
}
