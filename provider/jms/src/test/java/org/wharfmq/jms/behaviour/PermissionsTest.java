package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import jakarta.jms.Connection;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfQueue;
import org.wharfmq.jms.testing.TestStores;

/** Permissions per destination from the users file: each operation with a user allowed and one refused. */
class PermissionsTest {
    private static final String USERS = """
            admin=a
            writer=w
            reader=r
            role.producers=writer
            allow.send.orders*=producers,admin
            allow.send.news=writer
            allow.consume.orders*=reader,admin
            allow.consume.news=reader
            allow.browse.orders=reader
            allow.create.orders*=admin
            allow.delete.orders*=admin
            allow.admin.orders*=admin
            """;

    @TempDir
    Path tmp;
    private String url;

    @BeforeEach
    void users() throws IOException {
        Path file = tmp.resolve("users.properties");
        Files.writeString(file, USERS);
        url = TestStores.withOptions(TestStores.url("perm"), "usersFile=" + file);
    }

    private QueueAdmin admin(String user, String password) throws JMSException {
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        f.setUser(user);
        f.setPassword(password);
        return f.admin();
    }

    private Connection connect(String user, String password) throws JMSException {
        Connection c = connect(user, password, null);
        c.start();
        return c;
    }

    /** A connection not yet started, with client id {@code clientId} if not null. */
    private Connection connect(String user, String password, String clientId) throws JMSException {
        Connection c = new WharfConnectionFactory(url).createConnection(user, password);
        if (clientId != null) {
            c.setClientID(clientId);
        }
        return c;
    }

    private static void assertRefused(String user, String operation, String destination, Executable action) {
        JMSSecurityException e = assertThrows(JMSSecurityException.class, action);
        assertTrue(e.getMessage().contains("'" + user + "'") && e.getMessage().contains(operation)
                && e.getMessage().contains(destination), e.getMessage());
    }

    private int depth(String queue) throws JMSException {
        return Integer.parseInt(admin("admin", "a").getQueueAttributes(queue).get("ApproximateNumberOfMessages"));
    }

    @Test
    void createOnFirstUseAndThroughAdminNeedsCreate() throws JMSException {
        try (Connection writer = connect("writer", "w")) {
            Session s = writer.createSession();
            Queue q = s.createQueue("orders");
            assertRefused("writer", "create", "orders", () -> s.createProducer(q).send(s.createTextMessage("x")));
            assertRefused("writer", "create", "orders-2", () -> admin("writer", "w").createQueue("orders-2", Map.of()));
            assertEquals(List.of(), admin("admin", "a").listQueues("orders"), "nothing was created");
        }
        admin("admin", "a").createQueue("orders", Map.of());
        assertEquals(List.of("orders"), admin("admin", "a").listQueues("orders"));
    }

    @Test
    void sendNeedsSendThroughARoleOrTheUser() throws JMSException {
        admin("admin", "a").createQueue("orders", Map.of());
        try (Connection writer = connect("writer", "w"); Connection reader = connect("reader", "r")) {
            Session ws = writer.createSession();
            ws.createProducer(ws.createQueue("orders")).send(ws.createTextMessage("from a role member"));
            Session rs = reader.createSession();
            assertRefused("reader", "send to", "queue orders",
                    () -> rs.createProducer(rs.createQueue("orders")).send(rs.createTextMessage("x")));
            assertRefused("writer", "send to", "queue payments",
                    () -> ws.createProducer(ws.createQueue("payments")).send(ws.createTextMessage("x")));
        }
        assertEquals(1, depth("orders"));
    }

    @Test
    void consumeNeedsConsume() throws JMSException {
        admin("admin", "a").createQueue("orders", Map.of());
        try (Connection writer = connect("writer", "w"); Connection reader = connect("reader", "r")) {
            Session ws = writer.createSession();
            Queue q = ws.createQueue("orders");
            ws.createProducer(q).send(ws.createTextMessage("m"));
            assertRefused("writer", "consume from", "queue orders", () -> ws.createConsumer(q));
            assertEquals(1, depth("orders"), "a refused consumer takes nothing");
            Session rs = reader.createSession();
            assertEquals("m", ((TextMessage) rs.createConsumer(q).receive(5000)).getText());
        }
    }

    @Test
    void browseNeedsBrowse() throws JMSException {
        TestStores.assumeOffers("Browsing", "a QueueBrowser");
        admin("admin", "a").createQueue("orders", Map.of());
        admin("admin", "a").createQueue("orders-b", Map.of());
        try (Connection reader = connect("reader", "r"); Connection writer = connect("writer", "w")) {
            Session ws = writer.createSession();
            ws.createProducer(ws.createQueue("orders")).send(ws.createTextMessage("m"));
            Session rs = reader.createSession();
            assertEquals(1, Collections.list(rs.createBrowser(rs.createQueue("orders")).getEnumeration()).size());
            assertRefused("reader", "browse", "queue orders-b",
                    () -> rs.createBrowser(rs.createQueue("orders-b")).getEnumeration());
        }
    }

    @Test
    void deleteAndPurgeNeedDelete() throws JMSException {
        admin("admin", "a").createQueue("orders", Map.of());
        try (Connection writer = connect("writer", "w")) {
            Session ws = writer.createSession();
            ws.createProducer(ws.createQueue("orders")).send(ws.createTextMessage("m"));
        }
        QueueAdmin writer = admin("writer", "w");
        assertRefused("writer", "delete or purge", "queue orders", () -> writer.purgeQueue("orders"));
        assertRefused("writer", "delete or purge", "queue orders", () -> writer.deleteQueue("orders"));
        assertEquals(1, depth("orders"), "a refused purge or delete changes nothing");
        admin("admin", "a").deleteQueue("orders");
        assertFalse(admin("admin", "a").listQueues(null).contains("orders"));
    }

    @Test
    void attributesNeedAdminAndListingShowsOnlyWhatTheUserAdministers() throws JMSException {
        admin("admin", "a").createQueue("orders", Map.of("VisibilityTimeout", "30"));
        QueueAdmin reader = admin("reader", "r");
        assertRefused("reader", "administer", "queue orders",
                () -> reader.setQueueAttributes("orders", Map.of("VisibilityTimeout", "5")));
        assertRefused("reader", "administer", "queue orders", () -> reader.getQueueAttributes("orders"));
        assertEquals("30", admin("admin", "a").getQueueAttributes("orders").get("VisibilityTimeout"));
        assertEquals(List.of(), reader.listQueues(null));
        assertEquals(List.of("orders"), admin("admin", "a").listQueues(null));
    }

    @Test
    void declareNeedsCreateForANewQueueAndAdminForAChange() throws JMSException {
        QueueAdmin reader = admin("reader", "r");
        assertRefused("reader", "create", "orders", () -> reader.declare("orders", Map.of()));
        admin("admin", "a").createQueue("orders", Map.of("VisibilityTimeout", "30"));
        assertEquals(QueueAdmin.Declared.UNCHANGED, reader.declare("orders", Map.of("VisibilityTimeout", "30")));
        assertRefused("reader", "administer", "queue orders",
                () -> reader.declare("orders", Map.of("VisibilityTimeout", "5")));
        try (Connection c = connect("reader", "r")) {
            Session s = c.createSession();
            Queue declared = new WharfQueue("orders", Map.of("VisibilityTimeout", "5"));
            assertRefused("reader", "administer", "queue orders", () -> s.createConsumer(declared));
        }
        assertEquals("30", admin("admin", "a").getQueueAttributes("orders").get("VisibilityTimeout"));
    }

    @Test
    void topicsNeedSendToPublishAndConsumeToSubscribeOrUnsubscribe() throws JMSException {
        TestStores.assumeOffers("Topics", "a topic");
        try (Connection reader = connect("reader", "r", "perm-reader"); Connection writer = connect("writer", "w")) {
            reader.start();
            Session rs = reader.createSession();
            Topic news = rs.createTopic("news");
            var durable = rs.createDurableConsumer(news, "sub");
            Session ws = writer.createSession();
            ws.createProducer(news).send(ws.createTextMessage("hello"));
            assertEquals("hello", ((TextMessage) durable.receive(5000)).getText());
            assertRefused("reader", "send to", "topic news",
                    () -> rs.createProducer(news).send(rs.createTextMessage("x")));
            assertRefused("writer", "consume from", "topic news", () -> ws.createConsumer(news));
            durable.close();
            rs.unsubscribe("sub");
        }
        try (Connection reader = connect("reader", "r", "perm-reader")) {
            Session rs = reader.createSession();
            rs.createDurableConsumer(rs.createTopic("news"), "kept").close();
        }
        try (Connection admin = connect("admin", "a", "perm-reader")) {
            assertRefused("admin", "consume from", "topic news", () -> admin.createSession().unsubscribe("kept"));
        }
        try (Connection reader = connect("reader", "r", "perm-reader")) {
            reader.createSession().unsubscribe("kept");
        }
    }

    @Test
    void theContextApiIsRefusedAlike() {
        try (JMSContext context = new WharfConnectionFactory(url).createContext("reader", "r")) {
            JMSSecurityRuntimeException e = assertThrows(JMSSecurityRuntimeException.class,
                    () -> context.createProducer().send(context.createQueue("orders"), "x"));
            assertTrue(e.getMessage().contains("reader"), e.getMessage());
        }
    }

    @Test
    void temporaryQueuesNeedNoPermission() throws JMSException {
        try (Connection reader = connect("reader", "r")) {
            Session s = reader.createSession();
            Queue tmpQueue = s.createTemporaryQueue();
            s.createProducer(tmpQueue).send(s.createTextMessage("private"));
            assertNotNull(s.createConsumer(tmpQueue).receive(5000));
        }
    }

    /** A factory on a new store whose users file {@code name} holds {@code lines}. */
    private WharfConnectionFactory withUsersFile(String name, String lines) throws IOException {
        Path file = tmp.resolve(name);
        Files.writeString(file, lines);
        return new WharfConnectionFactory(TestStores.withOptions(TestStores.url("perm-" + name), "usersFile=" + file));
    }

    @Test
    void aBadPermissionLineFailsTheConnectionNamingIt() throws Exception {
        WharfConnectionFactory f = withUsersFile("bad", "admin=a\nallow.publish.orders=admin\n");
        Path file = tmp.resolve("bad");
        JMSException e = assertThrows(JMSException.class, () -> f.createConnection("admin", "a"));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("allow.publish.orders"),
                e.getMessage());
    }

    @Test
    void withoutPermissionLinesEveryUserMayDoEverything() throws Exception {
        WharfConnectionFactory f = withUsersFile("plain", "someone=s\n");
        try (Connection c = f.createConnection("someone", "s")) {
            c.start();
            Session s = c.createSession();
            Queue q = s.createQueue("anything");
            s.createProducer(q).send(s.createTextMessage("m"));
            assertNotNull(s.createConsumer(q).receive(5000));
            assertNull(s.createConsumer(q).receive(100));
        }
    }
}
