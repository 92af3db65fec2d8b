package org.wharfmq.ra.bench.app;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

/**
 * Artemis's queue, on WildFly's default adapter, activemq-ra;
 * no transaction (NOT_SUPPORTED): acknowledged as the adapter does without one.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = S11.ARTEMIS_PLAIN_QUEUE),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue")})
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ArtemisPlainMdb extends PlainMdb {
}
