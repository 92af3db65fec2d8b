package org.wharfmq.ra.it;

import java.time.Duration;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Receives the FIFO queue with four sessions, slowly, noting which groups are under way; until
 * two deliveries have overlapped, each waits a while for another.
 */
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = Resources.GROUPS_QUEUE),
    @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue"),
    @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "4")})
public class GroupsMdb implements MessageListener {
    @EJB
    private Journal journal;

    @Override
    public void onMessage(Message m) {
        try {
            String group = m.getStringProperty("JMSXGroupID");
            journal.begin(group);
            try {
                journal.awaitOverlap(Duration.ofMillis(500));
                Thread.sleep(20);
                journal.record(Resources.GROUPS_QUEUE, m);
            } finally {
                journal.end(group);
            }
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
