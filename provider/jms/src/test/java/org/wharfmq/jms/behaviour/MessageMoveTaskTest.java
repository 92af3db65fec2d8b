package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import javax.management.MBeanException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.RuntimeMBeanException;
import javax.management.openmbean.CompositeData;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.meta.MessageMoveTask;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.QueueServices;

/** A dead-lettered JMS message moved back by a message move task, through QueueAdmin or JMX, is received again as itself. */
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

    @Test
    void aMoveTaskStartedOverJmxTakesTheMessageBack() throws Exception {
        TestStores.assumeOffers("MessageMoves", "a message move task");
        TestStores.assumeOffers("QueueStatistics", "the store's MBean");
        String url = TestStores.url("jmx-moves");
        WharfConnectionFactory factory = new WharfConnectionFactory(url);
        QueueAdmin admin = factory.admin();
        admin.createQueue("mail-dlq", Map.of());
        admin.createQueue("mail", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"mail-dlq\",\"maxReceiveCount\":1}"));
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        ObjectName store = new ObjectName("org.wharfmq:type=Store,store=" + ObjectName.quote(QueueServices.redact(url)));
        try (Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue mail = s.createQueue("mail");
            s.createProducer(mail).send(s.createTextMessage("bounce"));
            MessageConsumer consumer = s.createConsumer(mail);
            String id = consumer.receive(2000).getJMSMessageID();
            s.recover();
            assertNull(consumer.receive(300), "the second delivery went to the dead-letter queue");

            String handle = (String) jmx.invoke(store, "startMessageMoveTask", new Object[] {"mail-dlq", "", 0},
                    new String[] {"java.lang.String", "java.lang.String", "int"});

            long deadline = System.nanoTime() + 10_000_000_000L;
            CompositeData task;
            do {
                CompositeData[] tasks = (CompositeData[]) jmx.invoke(store, "listMessageMoveTasks",
                        new Object[] {"mail-dlq"}, new String[] {"java.lang.String"});
                assertEquals(1, tasks.length);
                task = tasks[0];
                assertTrue(System.nanoTime() < deadline, "still RUNNING after 10 s: " + task);
            } while (task.get("status").equals("RUNNING"));
            assertEquals(List.of(handle, "COMPLETED", 1L, ""), List.of(task.get("taskHandle"), task.get("status"),
                    task.get("approximateNumberOfMessagesMoved"), task.get("destinationQueue")));
            Message back = consumer.receive(2000);
            assertEquals(id, back.getJMSMessageID());
            back.acknowledge();
        }
    }

    @Test
    void aJmxMoveFromAMissingQueueIsRefusedNamingIt() throws Exception {
        TestStores.assumeOffers("MessageMoves", "a message move task");
        TestStores.assumeOffers("QueueStatistics", "the store's MBean");
        String url = TestStores.url("jmx-moves-bad");
        WharfConnectionFactory factory = new WharfConnectionFactory(url);
        factory.admin().createQueue("present", Map.of());
        ObjectName store = new ObjectName("org.wharfmq:type=Store,store=" + ObjectName.quote(QueueServices.redact(url)));
        Exception e = assertThrows(Exception.class, () -> ManagementFactory.getPlatformMBeanServer().invoke(store,
                "startMessageMoveTask", new Object[] {"no-such-dlq", "", 0},
                new String[] {"java.lang.String", "java.lang.String", "int"}));
        Throwable cause = e instanceof RuntimeMBeanException r ? r.getCause() : e instanceof MBeanException m ? m.getCause() : e;
        assertTrue(cause instanceof IllegalArgumentException, cause.toString());
        assertTrue(cause.getMessage().contains("no-such-dlq"), cause.getMessage());
        assertEquals(List.of(), factory.admin().listMessageMoveTasks("present"));
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
