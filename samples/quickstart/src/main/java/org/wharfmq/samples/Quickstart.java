package org.wharfmq.samples;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.meta.MessageMoveTask;

/**
 * A tour of Wharf through plain JMS and JNDI (see jndi.properties): FIFO groups, deduplication,
 * visibility timeouts, a dead-letter queue and a message move task that takes a message back from
 * it, on the embedded Derby store.
 */
public final class Quickstart {

    public static void main(String[] args) throws NamingException, JMSException {
        InitialContext jndi = new InitialContext();
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        try (JMSContext context = factory.createContext(JMSContext.CLIENT_ACKNOWLEDGE)) {
            fifoGroups(context, (Queue) jndi.lookup("orders"));
            visibilityTimeout(context, (Queue) jndi.lookup("jobs"));
            QueueAdmin admin = ((WharfConnectionFactory) factory).admin();
            Queue payments = (Queue) jndi.lookup("payments");
            Queue dlq = (Queue) jndi.lookup("paymentsDlq");
            deadLetter(context, admin, payments, dlq);
            redrive(context, admin, payments, dlq);
        } finally {
            // Lets go of the factory's store, which closes now that its last connection has.
            jndi.close();
        }
    }

    private static void fifoGroups(JMSContext context, Queue orders) throws JMSException {
        System.out.println("== FIFO queue " + orders.getQueueName() + ": two groups, one duplicate");
        String run = Long.toString(System.currentTimeMillis());
        send(context, orders, "alice: open account", "alice", run + "-a1");
        send(context, orders, "bob: open account", "bob", run + "-b1");
        send(context, orders, "alice: deposit 10", "alice", run + "-a2");
        send(context, orders, "alice: deposit 10", "alice", run + "-a2");
        try (JMSConsumer consumer = context.createConsumer(orders)) {
            Message m;
            while ((m = consumer.receive(500)) != null) {
                System.out.println("  received '" + m.getBody(String.class) + "' group "
                        + m.getStringProperty("JMSXGroupID") + " seq " + m.getStringProperty("JMS_Wharf_SequenceNumber"));
                m.acknowledge();
            }
        }
        System.out.println("  the duplicate of a2 was accepted but not delivered");
    }

    private static void send(JMSContext context, Queue queue, String text, String group, String dedupId) {
        context.createProducer()
                .setProperty("JMSXGroupID", group)
                .setProperty("JMS_Wharf_DeduplicationId", dedupId)
                .send(queue, text);
        System.out.println("  sent '" + text + "' to group " + group + " (deduplication id " + dedupId + ")");
    }

    private static void visibilityTimeout(JMSContext context, Queue jobs) throws JMSException {
        System.out.println("\n== Queue " + jobs.getQueueName() + ", VisibilityTimeout 1 s: a message not acknowledged comes back");
        context.createProducer().send(jobs, "resize image 42");
        try (JMSConsumer consumer = context.createConsumer(jobs)) {
            Message first = consumer.receive(5000);
            System.out.println("  received '" + first.getBody(String.class) + "', not acknowledged");
            Message again = consumer.receive(5000);
            System.out.println("  received again after the timeout: redelivered=" + again.getJMSRedelivered()
                    + ", delivery count " + again.getIntProperty("JMSXDeliveryCount"));
            again.acknowledge();
        }
    }

    private static void deadLetter(JMSContext context, QueueAdmin admin, Queue payments, Queue dlq)
            throws JMSException {
        System.out.println("\n== Queue " + payments.getQueueName() + " with dead-letter queue "
                + dlq.getQueueName() + ", maxReceiveCount 2");
        try (JMSContext tx = context.createContext(JMSContext.SESSION_TRANSACTED)) {
            tx.createProducer().send(payments, "{\"amount\": \"NaN\"}");
            tx.commit();
            try (JMSConsumer consumer = tx.createConsumer(payments)) {
                for (int attempt = 1; attempt <= 3; attempt++) {
                    Message m = consumer.receive(1000);
                    if (m == null) {
                        System.out.println("  attempt " + attempt + ": nothing, the message moved to the DLQ");
                        break;
                    }
                    System.out.println("  attempt " + attempt + ": " + m.getJMSMessageID() + " fails, rolled back");
                    tx.rollback();
                }
            }
        }
        System.out.println("  in the DLQ: " + admin.getQueueAttributes(dlq.getQueueName())
                .get("ApproximateNumberOfMessages") + " message(s)");
    }

    private static void redrive(JMSContext context, QueueAdmin admin, Queue payments, Queue dlq)
            throws JMSException {
        System.out.println("\n== A message move task takes " + dlq.getQueueName() + "'s messages back to their source");
        String handle = admin.startMessageMoveTask(dlq.getQueueName(), null, 10);
        // With a limit of 10 a second, the first 10 move at once; list again to follow a longer task.
        MessageMoveTask task = admin.listMessageMoveTasks(dlq.getQueueName()).get(0);
        System.out.println("  task " + handle + ": " + task.status() + ", moved " + task.approximateNumberOfMessagesMoved()
                + " of " + task.approximateNumberOfMessagesToMove());
        try (JMSConsumer consumer = context.createConsumer(payments)) {
            TextMessage back = (TextMessage) consumer.receive(5000);
            System.out.println("  received again from " + payments.getQueueName() + ": '" + back.getText() + "' "
                    + back.getJMSMessageID());
            back.acknowledge();
        }
    }
}
