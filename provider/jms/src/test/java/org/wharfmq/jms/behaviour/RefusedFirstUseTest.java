package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import javax.naming.Context;
import javax.naming.InitialContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfProducer;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.Topics;

/**
 * A call refused for its arguments creates nothing: queues and topics are made on first use only
 * after every check. Each test reads the store afterwards through a QueueService of its own.
 */
class RefusedFirstUseTest {
    @TempDir
    Path tmp;
    private String store;
    private WharfConnectionFactory factory;
    private Connection connection;
    private Session session;

    @BeforeEach
    void connect() throws JMSException {
        store = TestStores.restartable(tmp, "refused");
        factory = new WharfConnectionFactory(store);
        connection = factory.createConnection();
        connection.setClientID("refused");
        connection.start();
        session = connection.createSession();
    }

    @AfterEach
    void close() throws JMSException {
        connection.close();
        factory.closeStore();
    }

    /** The names among {@code names} that the store has as a queue or a topic, read once this test let go of it. */
    private List<String> existing(String... names) throws JMSException {
        connection.close();
        factory.closeStore();
        List<String> found = new ArrayList<>();
        try (QueueService s = QueueServices.open(store)) {
            List<String> topics = s.extension(Topics.class).map(Topics::listTopics).orElse(List.of());
            for (String n : names) {
                try {
                    s.getQueueUrl(n);
                    found.add("queue " + n);
                } catch (QueueServiceException e) {
                    assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code(), e.getMessage());
                }
                if (topics.contains(n)) {
                    found.add("topic " + n);
                }
            }
        }
        return found;
    }

    private void assertRefusedNaming(String value, JMSException e) {
        assertTrue(e.getMessage().contains(value), e.getMessage());
    }

    @Test
    void aDeliveryDelayOverTheStoresMaximumCreatesNoQueue() throws JMSException {
        MessageProducer p = session.createProducer(session.createQueue("late"));
        p.setDeliveryDelay(900_001);
        assertRefusedNaming("900001", assertThrows(JMSException.class, () -> p.send(session.createTextMessage("x"))));
        assertEquals(List.of(), existing("late"));
    }

    @Test
    void aMessageOverTheStoresMaximumSizeCreatesNoQueue() throws JMSException {
        MessageProducer p = session.createProducer(session.createQueue("huge"));
        JMSException e = assertThrows(JMSException.class,
                () -> p.send(session.createTextMessage("x".repeat(1_100_000))));
        assertTrue(e.getMessage().matches("(?s).*the message is 1\\d{6} bytes, over .*"), e.getMessage());
        assertEquals(List.of(), existing("huge"));
    }

    @Test
    void aFifoSendWithoutAGroupCreatesNoQueue() throws JMSException {
        MessageProducer p = session.createProducer(session.createQueue("nogroup.fifo"));
        TextMessage m = session.createTextMessage("x");
        m.setStringProperty(WharfProducer.DEDUPLICATION_ID, "d1");
        assertRefusedNaming("JMSXGroupID", assertThrows(JMSException.class, () -> p.send(m)));
        assertEquals(List.of(), existing("nogroup.fifo"));
    }

    @Test
    void aFifoSendWithABadGroupIdCreatesNoQueue() throws JMSException {
        MessageProducer p = session.createProducer(session.createQueue("badgroup.fifo"));
        TextMessage m = session.createTextMessage("x");
        m.setStringProperty("JMSXGroupID", "two words");
        m.setStringProperty(WharfProducer.DEDUPLICATION_ID, "d1");
        assertRefusedNaming("'two words'", assertThrows(JMSException.class, () -> p.send(m)));
        assertEquals(List.of(), existing("badgroup.fifo"));
    }

    @Test
    void aFifoSendWithoutADeduplicationIdCreatesNoQueue() throws JMSException {
        MessageProducer p = session.createProducer(session.createQueue("nodedup.fifo"));
        TextMessage m = session.createTextMessage("x");
        m.setStringProperty("JMSXGroupID", "g");
        assertRefusedNaming("ContentBasedDeduplication", assertThrows(JMSException.class, () -> p.send(m)));
        assertEquals(List.of(), existing("nodedup.fifo"));
    }

    @Test
    void aFifoSendWithADeliveryDelayCreatesNoQueue() throws JMSException {
        MessageProducer p = session.createProducer(session.createQueue("delayed.fifo"));
        p.setDeliveryDelay(1000);
        TextMessage m = session.createTextMessage("x");
        m.setStringProperty("JMSXGroupID", "g");
        m.setStringProperty(WharfProducer.DEDUPLICATION_ID, "d1");
        assertRefusedNaming("1000 ms", assertThrows(JMSException.class, () -> p.send(m)));
        assertEquals(List.of(), existing("delayed.fifo"));
    }

    @Test
    void aRefusedSendOfAUserWhoMayNotAdministerTheDeclaredQueueCreatesNoQueue() throws Exception {
        Path users = Files.writeString(tmp.resolve("users.properties"),
                "writer=w\nallow.send.*=writer\nallow.create.*=writer\n");
        Properties env = new Properties();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "org.wharfmq.jms.jndi.WharfInitialContextFactory");
        env.put("queue.DECLARED", "declared");
        env.put("queue.DECLARED.VisibilityTimeout", "9");
        Queue declared = (Queue) new InitialContext(env).lookup("DECLARED");
        WharfConnectionFactory writers = new WharfConnectionFactory(TestStores.withOptions(store,
                "usersFile=" + users));
        try (Connection writer = writers.createConnection("writer", "w")) {
            Session s = writer.createSession();
            MessageProducer p = s.createProducer(declared);
            assertThrows(JMSException.class, () -> p.send(s.createTextMessage("x".repeat(1_100_000))));
        }
        assertEquals(List.of(), existing("declared"));
    }

    @Test
    void aRefusedAsynchronousSendCreatesNoQueue() throws Exception {
        MessageProducer p = session.createProducer(session.createQueue("async.fifo"));
        CompletableFuture<Exception> reported = new CompletableFuture<>();
        p.send(session.createTextMessage("x"), new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                reported.complete(null);
            }

            @Override
            public void onException(Message message, Exception exception) {
                reported.complete(exception);
            }
        });
        Exception e = reported.get(10, TimeUnit.SECONDS);
        assertTrue(e instanceof JMSException && e.getMessage().contains("JMSXGroupID"), String.valueOf(e));
        assertEquals(List.of(), existing("async.fifo"));
    }

    @Test
    void aRefusedPublishCreatesNoTopic() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        MessageProducer p = session.createProducer(session.createTopic("loud"));
        assertThrows(JMSException.class, () -> p.send(session.createTextMessage("x".repeat(1_100_000))));
        assertEquals(List.of(), existing("loud"));
    }

    @Test
    void aSubscriptionRefusedForItsNameCreatesNoTopic() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        Topic t = session.createTopic("named");
        assertThrows(JMSException.class, () -> session.createDurableSubscriber(t, "n".repeat(10_000)));
        assertEquals(List.of(), existing("named"));
    }

    @Test
    void aSharedSubscriptionInUseOnAnotherTopicCreatesNoTopic() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        session.createSharedDurableConsumer(session.createTopic("first"), "shared");
        Topic second = session.createTopic("second");
        JMSException e = assertThrows(JMSException.class, () -> session.createSharedDurableConsumer(second, "shared"));
        assertRefusedNaming("in use", e);
        assertEquals(List.of("topic first"), existing("first", "second"));
    }

    @Test
    void aBadSelectorCreatesNoQueueAndNoTopic() throws JMSException {
        assertThrows(InvalidSelectorException.class, () -> session.createConsumer(session.createQueue("sel"), "a ="));
        assertThrows(InvalidSelectorException.class, () -> session.createBrowser(session.createQueue("sel"), "a ="));
        if (TestStores.offers("Topics")) {
            Topic t = session.createTopic("seltopic");
            assertThrows(InvalidSelectorException.class, () -> session.createDurableSubscriber(t, "d", "a =", false));
            assertThrows(InvalidSelectorException.class, () -> session.createSharedConsumer(t, "s", "a ="));
        }
        assertEquals(List.of(), existing("sel", "seltopic"));
    }

    @Test
    void aConnectionConsumerWithoutASessionPoolCreatesNoQueue() throws JMSException {
        JMSException e = assertThrows(JMSException.class,
                () -> connection.createConnectionConsumer(session.createQueue("pooled"), null, null, 1));
        assertRefusedNaming("ServerSessionPool", e);
        assertEquals(List.of(), existing("pooled"));
    }

    @Test
    void anUnsharedDurableSubscriptionWithoutAClientIdCreatesNoTopic() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        try (Connection anonymous = factory.createConnection()) {
            Session s = anonymous.createSession();
            Topic t = s.createTopic("anonymous");
            assertThrows(jakarta.jms.IllegalStateException.class, () -> s.createDurableSubscriber(t, "d"));
        }
        assertEquals(List.of(), existing("anonymous"));
    }

    @Test
    void aSendToADeletedTemporaryQueueFailsAndDoesNotCreateItAgain() throws JMSException {
        TemporaryQueue q = session.createTemporaryQueue();
        String name = q.getQueueName();
        q.delete();
        try (Connection other = factory.createConnection()) {
            Session s = other.createSession();
            InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                    () -> s.createProducer(q).send(s.createTextMessage("reply")));
            assertRefusedNaming(name, e);
        }
        assertEquals(List.of(), existing(name));
    }

    @Test
    void aPublishToADeletedTemporaryTopicDoesNotCreateItAgain() throws JMSException {
        TestStores.assumeOffers("Topics", "a temporary topic");
        TemporaryTopic t = session.createTemporaryTopic();
        String name = t.getTopicName();
        t.delete();
        try (Connection other = factory.createConnection()) {
            Session s = other.createSession();
            try {
                s.createProducer(t).send(s.createTextMessage("late"));
            } catch (InvalidDestinationException e) {
                assertRefusedNaming(name, e);
            }
        }
        assertEquals(List.of(), existing(name));
    }
}
