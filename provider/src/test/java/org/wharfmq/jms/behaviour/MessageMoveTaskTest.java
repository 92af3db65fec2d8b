package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.MessageMoveTask;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** A dead-lettered JMS message moved back by a message move task is received again as itself. */
class MessageMoveTaskTest {

    @Test
    void aDeadLetteredMessageMovedBackIsReceivedWithItsJmsMessageId() throws JMSException {
        TestStores.assumeOffers("MessageMoves", "a message move task");
        TestStores.assumeOffers("Transactions", "a transacted session");
        WharfConnectionFactory factory = new WharfConnectionFactory(TestStores.url("moves"));
        QueueAdmin admin = factory.admin();
        admin.createQueue("jobs-dlq", Map.of());
        admin.createQueue("jobs", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"jobs-dlq\",\"maxReceiveCount\":1}"));
        try (Connection c = factory.createConnection()) {
            c.start();
            Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
            Queue jobs = tx.createQueue("jobs");
            tx.createProducer(jobs).send(tx.createTextMessage("poison"));
            tx.commit();
            MessageConsumer consumer = tx.createConsumer(jobs);
            String id = consumer.receive(2000).getJMSMessageID();
            tx.rollback();
            assertNull(consumer.receive(300), "the second delivery went to the dead-letter queue");

            String handle = admin.startMessageMoveTask("jobs-dlq", null, null);

            MessageMoveTask t = finished(admin, "jobs-dlq");
            assertEquals(List.of(handle, "COMPLETED", 1L), List.of(t.taskHandle(), t.status(),
                    t.approximateNumberOfMessagesMoved()));
            if (!TestStores.sqs()) {
                // ElasticMQ shows 0 messages to move once a task is done (store/sqs SqsBackends: move-task-counts).
                assertEquals(1L, t.approximateNumberOfMessagesToMove());
            }
            assertEquals("jobs-dlq", t.sourceQueue());
            assertNull(t.destinationQueue());
            Message back = consumer.receive(2000);
            assertEquals(id, back.getJMSMessageID());
            assertEquals("poison", ((TextMessage) back).getText());
            assertTrue(back.getIntProperty("JMSXDeliveryCount") == 1, "its delivery count starts again");
            tx.commit();
        }
    }

    /** The only task of {@code source}, once it is no longer RUNNING (an SQS server runs it by its own clock). */
    private static MessageMoveTask finished(QueueAdmin admin, String source) throws JMSException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            List<MessageMoveTask> tasks = admin.listMessageMoveTasks(source);
            assertEquals(1, tasks.size(), tasks.toString());
            if (!tasks.get(0).status().equals("RUNNING")) {
                return tasks.get(0);
            }
            assertTrue(System.nanoTime() < deadline, "still RUNNING after 10 s: " + tasks.get(0));
        }
    }
}
