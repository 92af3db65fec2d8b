package org.wharfmq.ra.it.wildfly;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.EJB;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.resource.AdministeredObjectDefinition;
import org.wharfmq.ra.it.Journal;
import org.wharfmq.ra.it.Resources;

/**
 * Records each delivery, then fails. Its queue is created with the RedrivePolicy
 * {@code {"deadLetterTargetArn":"it-sqs-poison-dlq","maxReceiveCount":"2"}}, which on SQS the
 * server applies.
 */
@AdministeredObjectDefinition(name = SqsPoisonMdb.DLQ, interfaceName = "jakarta.jms.Queue",
        resourceAdapter = Resources.RA, className = "org.wharfmq.ra.AdministeredQueue",
        properties = "name=" + SqsPoisonMdb.DLQ_QUEUE)
@AdministeredObjectDefinition(name = SqsPoisonMdb.POISON, interfaceName = "jakarta.jms.Queue",
        resourceAdapter = Resources.RA, className = "org.wharfmq.ra.AdministeredQueue",
        properties = {"name=" + SqsPoisonMdb.QUEUE, "deadLetterQueue=" + SqsPoisonMdb.DLQ_QUEUE,
            "maxReceiveCount=" + SqsPoisonMdb.MAX_RECEIVES})
@MessageDriven(activationConfig = {
    @ActivationConfigProperty(propertyName = "destination", propertyValue = SqsPoisonMdb.QUEUE),
    @ActivationConfigProperty(propertyName = "maxSessions", propertyValue = "2")})
public class SqsPoisonMdb implements MessageListener {
    static final String POISON = "java:app/jms/sqs-poison";
    static final String QUEUE = "it-sqs-poison";
    static final String DLQ = "java:app/jms/sqs-poison-dlq";
    static final String DLQ_QUEUE = "it-sqs-poison-dlq";
    static final int MAX_RECEIVES = 2;

    @EJB
    private Journal journal;

    @Override
    public void onMessage(Message m) {
        try {
            journal.record(QUEUE, m);
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
        throw new IllegalStateException("poison message: this MDB always fails (expected by the test)");
    }
}
