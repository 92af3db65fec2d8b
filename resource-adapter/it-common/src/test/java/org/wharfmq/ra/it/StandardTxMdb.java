package org.wharfmq.ra.it;

import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.MessageDrivenContext;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Only standard activation properties: a queue of the store behind another connection factory, in
 * container transactions. A message marked {@code rollback} is rolled back on its first delivery.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = Resources.STD_TX),
    @ActivationConfigProperty(propertyName = "connectionFactoryLookup", propertyValue = Resources.STD_OTHER_CF)})
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class StandardTxMdb implements MessageListener {
    @EJB
    private Journal journal;
    @Resource
    private MessageDrivenContext context;

    @Override
    public void onMessage(Message m) {
        try {
            journal.record(Resources.STD_TX_NAME, m);
            if (m.propertyExists("rollback") && !m.getJMSRedelivered()) {
                context.setRollbackOnly();
            }
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
