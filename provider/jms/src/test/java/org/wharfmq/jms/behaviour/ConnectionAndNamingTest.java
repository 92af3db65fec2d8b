package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.Properties;
import javax.naming.Context;
import javax.naming.InitialContext;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.ConnectionMetaData;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.jndi.WharfObjectFactory;
import org.wharfmq.jms.testing.TestStores;

/** Connections, security, metadata, bad input, topics and JNDI. */
class ConnectionAndNamingTest {
    private static String url() {
        return TestStores.url("conn");
    }

    @Test
    void wrongCredentialsAreRejectedWhenAUserIsConfigured() throws JMSException {
        WharfConnectionFactory f = new WharfConnectionFactory(TestStores.withOptions(url(), "user=j2ee&password=secret"));
        f.createConnection("j2ee", "secret").close();
        assertThrows(JMSSecurityException.class, () -> f.createConnection("invalid", "invalid"));
        assertThrows(JMSSecurityException.class, () -> f.createConnection("j2ee", "wrong"));
    }

    @Test
    void anyoneConnectsWhenNoCredentialsAreConfigured() throws JMSException {
        new WharfConnectionFactory(url()).createConnection("whoever", "whatever").close();
    }

    @Test
    void metadataNamesJms31AndWharf() throws JMSException {
        try (Connection c = new WharfConnectionFactory(url()).createConnection()) {
            ConnectionMetaData md = c.getMetaData();
            assertEquals("3.1", md.getJMSVersion());
            assertEquals(3, md.getJMSMajorVersion());
            assertEquals("Wharf", md.getJMSProviderName());
            assertTrue(Collections.list(md.getJMSXPropertyNames()).containsAll(
                    java.util.List.of("JMSXGroupID", "JMSXGroupSeq", "JMSXDeliveryCount")));
        }
    }

    @Test
    void clientIdCanBeSetOnceBeforeUseAndOnlyByOneConnection() throws JMSException {
        WharfConnectionFactory f = new WharfConnectionFactory(url());
        try (Connection a = f.createConnection(); Connection b = f.createConnection()) {
            a.setClientID("client-1");
            assertThrows(InvalidClientIDException.class, () -> b.setClientID("client-1"));
            b.createSession();
            assertThrows(IllegalStateException.class, () -> b.setClientID("client-2"));
        }
    }

    @Test
    void theUrlsClientIdIsEachConnectionsUnlessTheFactorySetsOne() throws JMSException {
        WharfConnectionFactory f = new WharfConnectionFactory(TestStores.withOptions(url(), "clientID=from-url"));
        try (Connection c = f.createConnection()) {
            assertEquals("from-url", c.getClientID());
            assertThrows(IllegalStateException.class, () -> c.setClientID("other"));
        }
        f.setClientID("from-factory");
        try (Connection c = f.createConnection()) {
            assertEquals("from-factory", c.getClientID());
        }
    }

    @Test
    void closedObjectsThrowIllegalStateException() throws JMSException {
        Connection c = new WharfConnectionFactory(url()).createConnection();
        Session s = c.createSession();
        MessageProducer p = s.createProducer(s.createQueue("q"));
        MessageConsumer consumer = s.createConsumer(s.createQueue("q"));
        c.close();
        assertThrows(IllegalStateException.class, c::start);
        assertThrows(IllegalStateException.class, () -> s.createTextMessage("x"));
        assertThrows(IllegalStateException.class, () -> p.send(null));
        assertThrows(IllegalStateException.class, consumer::receiveNoWait);
    }

    @Test
    void badInputIsAClearJmsException() throws JMSException {
        try (Connection c = new WharfConnectionFactory(url()).createConnection()) {
            JMSException mode = assertThrows(JMSException.class, () -> c.createSession(false, 42));
            assertTrue(mode.getMessage().contains("42"));
            Session s = c.createSession();
            MessageProducer p = s.createProducer(s.createQueue("q"));
            assertTrue(assertThrows(JMSException.class, () -> p.setPriority(10)).getMessage().contains("10"));
            assertTrue(assertThrows(JMSException.class, () -> p.setDeliveryMode(3)).getMessage().contains("3"));
            InvalidSelectorException sel = assertThrows(InvalidSelectorException.class,
                    () -> s.createConsumer(s.createQueue("q"), "color = "));
            assertTrue(sel.getMessage().contains("color = "));
        }
        JMSException option = assertThrows(JMSException.class,
                () -> new WharfConnectionFactory(TestStores.withOptions(url(), "prefetch=10")).createConnection());
        assertTrue(option.getMessage().contains("prefetch=10"));
        JMSException secret = assertThrows(JMSException.class, () -> new WharfConnectionFactory(
                TestStores.withOptions(url(), "password=TOPSECRET&prefetch=10")).createConnection());
        assertTrue(secret.getMessage().contains("password=***"), secret.getMessage());
        assertFalse(secret.getMessage().contains("TOPSECRET"), secret.getMessage());
    }

    @Test
    void topicFansOutAndDurableSubscriptionKeepsMessagesWhileClosed() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        WharfConnectionFactory f = new WharfConnectionFactory(url());
        try (Connection c = f.createConnection()) {
            c.setClientID("durable-client");
            c.start();
            Session s = c.createSession();
            Topic t = s.createTopic("news");
            MessageConsumer a = s.createConsumer(t);
            MessageConsumer durable = s.createDurableSubscriber(t, "keep");
            durable.close();
            s.createProducer(t).send(s.createTextMessage("hello"));
            assertEquals("hello", ((TextMessage) a.receive(2000)).getText());
            MessageConsumer back = s.createDurableSubscriber(t, "keep");
            assertEquals("hello", ((TextMessage) back.receive(2000)).getText());
            back.close();
            s.unsubscribe("keep");
        }
    }

    @Test
    void topicSelectorAndNoLocalApplyAtPublish() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        WharfConnectionFactory f = new WharfConnectionFactory(url());
        try (Connection c = f.createConnection(); Connection other = f.createConnection()) {
            c.start();
            other.start();
            Session s = c.createSession();
            Topic t = s.createTopic("prices");
            MessageConsumer red = s.createConsumer(t, "color = 'red'");
            MessageConsumer notMine = s.createConsumer(t, null, true);
            Session os = other.createSession();
            TextMessage blue = os.createTextMessage("blue");
            blue.setStringProperty("color", "blue");
            os.createProducer(t).send(blue);
            TextMessage mine = s.createTextMessage("mine");
            mine.setStringProperty("color", "red");
            s.createProducer(t).send(mine);
            assertEquals("mine", ((TextMessage) red.receive(2000)).getText());
            assertNull(red.receive(200));
            assertEquals("blue", ((TextMessage) notMine.receive(2000)).getText());
            assertNull(notMine.receive(200));
        }
    }

    @Test
    void jndiBindsFactoriesQueuesAndTopicsFromProperties() throws Exception {
        String store = url();
        Properties p = new Properties();
        p.put(Context.INITIAL_CONTEXT_FACTORY, "org.wharfmq.jms.jndi.WharfInitialContextFactory");
        p.put("connectionfactory.MyConnectionFactory", TestStores.withOptions(store, "user=j2ee&password=j2ee"));
        p.put("connectionfactory.MyConnectionFactory.user", "j2ee");
        p.put("connectionfactory.MyConnectionFactory.password", "j2ee");
        p.put("connectionfactory.Durable", store);
        p.put("connectionfactory.Durable.clientID", "cts");
        p.put("queue.MY_QUEUE", "jndi-queue");
        p.put("queue.MY_QUEUE.VisibilityTimeout", "7");
        p.put("topic.MY_TOPIC", "jndi-topic");
        InitialContext jndi = new InitialContext(p);
        ConnectionFactory f = (ConnectionFactory) jndi.lookup("MyConnectionFactory");
        Queue q = (Queue) jndi.lookup("MY_QUEUE");
        assertEquals("jndi-topic", ((Topic) jndi.lookup("MY_TOPIC")).getTopicName());
        try (Connection c = f.createConnection("j2ee", "j2ee")) {
            Session s = c.createSession();
            s.createProducer(q).send(s.createTextMessage("via jndi"));
            c.start();
            assertNotNull(s.createConsumer(q).receive(2000));
        }
        assertEquals("7", ((WharfConnectionFactory) f).admin().getQueueAttributes("jndi-queue").get("VisibilityTimeout"));
        try (Connection c = ((ConnectionFactory) jndi.lookup("Durable")).createConnection()) {
            assertEquals("cts", c.getClientID());
        }
        assertThrows(javax.naming.NameNotFoundException.class, () -> jndi.lookup("nothing"));
    }

    @Test
    void objectFactoryMakesWhatAServersBindingDescribes() throws Exception {
        String store = url();
        WharfObjectFactory of = new WharfObjectFactory();
        java.util.Hashtable<String, String> env = new java.util.Hashtable<>();
        env.put("url", store);
        env.put("clientID", "bound");
        ConnectionFactory f = (ConnectionFactory) of.getObjectInstance("java:/jms/Bound", null, null, env);
        Queue q = (Queue) of.getObjectInstance("java:/Q", null, null,
                new java.util.Hashtable<>(java.util.Map.of("queue", "bound-queue")));
        Topic t = (Topic) of.getObjectInstance("java:/T", null, null,
                new java.util.Hashtable<>(java.util.Map.of("topic", "bound-topic")));
        assertEquals("bound-queue", q.getQueueName());
        assertEquals("bound-topic", t.getTopicName());
        try (Connection c = f.createConnection()) {
            assertEquals("bound", c.getClientID());
            Session s = c.createSession();
            s.createProducer(q).send(s.createTextMessage("bound"));
            c.start();
            assertEquals("bound", ((TextMessage) s.createConsumer(q).receive(2000)).getText());
        }
        WharfConnectionFactory rebuilt = (WharfConnectionFactory) of.getObjectInstance(
                ((WharfConnectionFactory) f).getReference(), null, null, null);
        try (Connection c = rebuilt.createConnection()) {
            assertEquals("bound", c.getClientID());
        }
    }

    @Test
    void objectFactoryRefusesABindingThatDescribesNothingOrTwoThings() {
        WharfObjectFactory of = new WharfObjectFactory();
        javax.naming.NamingException none = assertThrows(javax.naming.NamingException.class,
                () -> of.getObjectInstance("java:/jms/Empty", null, null, new java.util.Hashtable<>()));
        assertTrue(none.getMessage().contains("java:/jms/Empty") && none.getMessage().contains("none"), none.getMessage());
        javax.naming.NamingException two = assertThrows(javax.naming.NamingException.class,
                () -> of.getObjectInstance("java:/Both", null, null,
                        new java.util.Hashtable<>(java.util.Map.of("queue", "a", "topic", "b"))));
        assertTrue(two.getMessage().contains("queue and topic"), two.getMessage());
    }
}
