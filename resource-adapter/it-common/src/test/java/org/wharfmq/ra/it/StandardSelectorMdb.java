package org.wharfmq.ra.it;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.MessageListener;

/** Only standard activation properties: a queue and a message selector. */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = Resources.STD_SELECT),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
    @ActivationConfigProperty(propertyName = "messageSelector", propertyValue = "color = 'red'")})
public class StandardSelectorMdb extends JournalMdb implements MessageListener {
    public StandardSelectorMdb() {
        super(Resources.STD_SELECT_NAME);
    }
}
