package org.wharfmq.ra.bench.app;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

/**
 * Wharf's queue, bound to wharf.rar by jboss-ejb3.xml;
 * no transaction (NOT_SUPPORTED): acknowledged as the adapter does without one.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = S11.WHARF_PLAIN_QUEUE),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue")})
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class WharfPlainMdb extends PlainMdb {
}
