package org.wharfmq.ra.bench.app;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

/**
 * Wharf's queue, bound to wharf.rar by jboss-ejb3.xml;
 * container-managed transaction (REQUIRED): the message and the row commit in two phases.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = S11.WHARF_XA_QUEUE),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue")})
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class WharfXaMdb extends XaMdb {
}
