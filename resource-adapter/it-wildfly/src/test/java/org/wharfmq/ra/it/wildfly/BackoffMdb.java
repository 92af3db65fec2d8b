package org.wharfmq.ra.it.wildfly;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.resource.AdministeredObjectDefinition;
import org.wharfmq.ra.it.Resources;

/**
 * Notes when each delivery arrives and fails the first two, so that its XA transaction rolls back;
 * its activation asks for a redelivery backoff of 1 s, doubled after each failure.
 */
@AdministeredObjectDefinition(name = BackoffMdb.JNDI, interfaceName = "jakarta.jms.Queue",
        resourceAdapter = Resources.RA, className = "org.wharfmq.ra.AdministeredQueue",
        properties = "name=" + BackoffMdb.QUEUE)
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = BackoffMdb.QUEUE),
    @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "1"),
    @ActivationConfigProperty(propertyName = "redeliveryDelay", propertyValue = "1"),
    @ActivationConfigProperty(propertyName = "redeliveryMultiplier", propertyValue = "2")})
public class BackoffMdb implements MessageListener {
    static final String JNDI = "java:app/jms/backoff";
    static final String QUEUE = "it-backoff";
    /** System.nanoTime() of each delivery; one application, one test, so a static list serves. */
    static final List<Long> ARRIVALS = new CopyOnWriteArrayList<>();

    @Override
    public void onMessage(Message m) {
        ARRIVALS.add(System.nanoTime());
        if (ARRIVALS.size() <= 2) {
            throw new IllegalStateException("failing delivery " + ARRIVALS.size() + " (expected by the test)");
        }
    }
}
