package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.management.JMX;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;
import javax.security.auth.Subject;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.Wharf;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.management.StoreMBeans;
import org.wharfmq.jms.management.StoreMXBean;
import org.wharfmq.jms.testing.TestStores;

/**
 * The store MBean's operations called through a real RMI JMX connector, bound to 127.0.0.1, whose
 * authenticator gives each caller a JMXPrincipal: each is checked against the users file the store
 * was opened with, by the permission JMS's same operation needs; a caller without a principal is not.
 */
class JmxPermissionsTest {
    private static final String USERS = """
            alice=a
            bob=b
            carol=c
            role.ops=bob
            allow.send.orders*=alice
            allow.consume.orders*=alice
            allow.browse.orders*=alice
            allow.create.orders*=ops
            allow.delete.orders*=ops
            allow.admin.orders*=ops
            """;
    private static final Map<String, String> PASSWORDS = Map.of("alice", "a", "bob", "b", "carol", "c");

    @TempDir
    Path tmp;
    private String url;
    private final List<WharfConnectionFactory> factories = new ArrayList<>();
    private final List<JMXConnector> clients = new ArrayList<>();
    private JMXConnectorServer server;
    /** Administration through JMS without a users file, to set up and to look. */
    private QueueAdmin admin;

    @BeforeEach
    void start() throws Exception {
        TestStores.assumeOffers("QueueStatistics", "the store's MBean");
        url = TestStores.url("jmxperm");
        factory(usersFile("users.properties", USERS), "bob", "b");
        WharfConnectionFactory plain = new WharfConnectionFactory(url);
        factories.add(plain);
        admin = plain.admin();
        admin.createQueue("orders", Map.of());
        admin.createQueue("news", Map.of());

        Map<String, Object> env = new HashMap<>();
        env.put(JMXConnectorServer.AUTHENTICATOR, (JMXAuthenticator) credentials -> {
            String[] userAndPassword = (String[]) credentials;
            if (!userAndPassword[1].equals(PASSWORDS.get(userAndPassword[0]))) {
                throw new SecurityException("wrong user or password");
            }
            return new Subject(true, Set.of(new JMXPrincipal(userAndPassword[0])), Set.of(), Set.of());
        });
        env.put(RMIConnectorServer.RMI_SERVER_SOCKET_FACTORY_ATTRIBUTE, new LoopbackServerSockets());
        env.put(RMIConnectorServer.RMI_CLIENT_SOCKET_FACTORY_ATTRIBUTE, new LoopbackSockets());
        server = JMXConnectorServerFactory.newJMXConnectorServer(new JMXServiceURL("service:jmx:rmi://127.0.0.1:0"),
                env, ManagementFactory.getPlatformMBeanServer());
        server.start();
    }

    @AfterEach
    void stop() throws IOException {
        for (JMXConnector c : clients) {
            c.close();
        }
        if (server != null) {
            server.stop();
        }
        factories.forEach(WharfConnectionFactory::close);
    }

    /** Binds the connector's RMI object to the loopback address only, on a free port. */
    private static final class LoopbackServerSockets implements RMIServerSocketFactory {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 0, InetAddress.getLoopbackAddress());
        }
    }

    /** Connects to the loopback address whatever host name the RMI stub holds. */
    private static final class LoopbackSockets implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }
    }

    private String usersFile(String name, String content) throws IOException {
        Path file = tmp.resolve(name);
        Files.writeString(file, content);
        return file.toString();
    }

    /** A factory of the store with users file {@code file}, which opens the store (so that the file guards it). */
    private WharfConnectionFactory factory(String file, String user, String password) throws JMSException {
        WharfConnectionFactory f = new WharfConnectionFactory(TestStores.withOptions(url, "usersFile=" + file));
        f.setUser(user);
        f.setPassword(password);
        f.capabilities();
        factories.add(f);
        return f;
    }

    /** The store's MBean as {@code user} sees it through the connector. */
    private StoreMXBean as(String user) throws Exception {
        JMXConnector c = JMXConnectorFactory.connect(server.getAddress(),
                Map.of(JMXConnector.CREDENTIALS, new String[] {user, PASSWORDS.get(user)}));
        clients.add(c);
        return JMX.newMXBeanProxy(c.getMBeanServerConnection(), StoreMBeans.storeObjectName(url), StoreMXBean.class);
    }

    /** The store's MBean called in this JVM, without a JMX principal. */
    private StoreMXBean inProcess() throws Exception {
        return JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(), StoreMBeans.storeObjectName(url),
                StoreMXBean.class);
    }

    private static void refused(Executable call, String user, String permission, String queue) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        for (String named : List.of("user '" + user + "'", "permission " + permission, "queue " + queue)) {
            assertTrue(e.getMessage().contains(named), "'" + e.getMessage() + "' does not name " + named);
        }
    }

    /** Messages of {@code queue} as the in-process caller counts them, waiting for SQS's approximate count. */
    private long visible(StoreMXBean store, String queue, long expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long now = store.queueStatistics(queue).get("ApproximateNumberOfMessagesVisible");
        while (now != expected && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            now = store.queueStatistics(queue).get("ApproximateNumberOfMessagesVisible");
        }
        return now;
    }

    @Test
    void aUserMaySendReceiveAndBrowseWhatTheFileGrants() throws Exception {
        StoreMXBean alice = as("alice");
        alice.send("orders", "one", Map.of(), 0);
        alice.send("orders", "two", Map.of(), 0);
        if (TestStores.offers("Browsing")) {
            assertEquals(2, alice.browse("orders", 10).size());
        }
        List<String> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (got.size() < 2 && System.nanoTime() < deadline) {
            alice.receive("orders", 10, 1).forEach(m -> got.add(m.getBodyPreview()));
        }
        assertEquals(List.of("one", "two"), got.stream().sorted().toList());
    }

    @Test
    void aUserIsRefusedWhatTheFileDoesNotGrantAndNothingChanges() throws Exception {
        StoreMXBean alice = as("alice");
        alice.send("orders", "kept", Map.of(), 0);
        refused(() -> alice.purgeQueue("orders"), "alice", "delete", "orders");
        refused(() -> alice.deleteQueue("orders"), "alice", "delete", "orders");
        refused(() -> alice.queueAttributes("orders"), "alice", "admin", "orders");
        refused(() -> alice.declareQueue("orders-new", Map.of()), "alice", "create", "orders-new");
        refused(() -> alice.send("news", "x", Map.of(), 0), "alice", "send", "news");
        refused(() -> alice.listMessageMoveTasks("orders"), "alice", "admin", "orders");
        StoreMXBean bob = as("bob");
        refused(() -> bob.send("orders", "x", Map.of(), 0), "bob", "send", "orders");
        refused(() -> bob.receive("orders", 1, 0), "bob", "consume", "orders");
        assertEquals(1, visible(inProcess(), "orders", 1), "the refused calls changed nothing");
        assertEquals(0, visible(inProcess(), "news", 0));
        assertTrue(admin.listQueues(null).contains("orders"));
        assertFalse(admin.listQueues(null).contains("orders-new"));
    }

    @Test
    void aRoleGrantsItsUsersTheAdministration() throws Exception {
        StoreMXBean bob = as("bob");
        assertEquals("CREATED", bob.declareQueue("orders-eu", Map.of("VisibilityTimeout", "40")));
        assertEquals("UPDATED", bob.declareQueue("orders-eu", Map.of("VisibilityTimeout", "50")));
        assertEquals("50", bob.queueAttributes("orders-eu").get("VisibilityTimeout"));
        bob.purgeQueue("orders-eu");
        bob.deleteQueue("orders-eu");
        assertFalse(admin.listQueues(null).contains("orders-eu"));
    }

    @Test
    void aUserWithoutGrantsIsRefusedTheDataButSeesTheFigures() throws Exception {
        StoreMXBean carol = as("carol");
        refused(() -> carol.send("orders", "x", Map.of(), 0), "carol", "send", "orders");
        refused(() -> carol.receive("orders", 1, 0), "carol", "consume", "orders");
        if (TestStores.offers("Browsing")) {
            refused(() -> carol.browse("orders", 1), "carol", "browse", "orders");
        }
        assertTrue(carol.listQueueRows().stream().anyMatch(r -> r.getName().equals("orders")));
        assertEquals(0L, carol.queueStatistics("orders").get("ApproximateNumberOfMessagesVisible"));
    }

    @Test
    void aCallerWithoutPrincipalIsNotChecked() throws Exception {
        StoreMXBean local = inProcess();
        local.send("news", "from the JVM's own user", Map.of(), 0);
        assertEquals(1, visible(local, "news", 1));
        local.purgeQueue("news");
        assertEquals(0, visible(local, "news", 0));
    }

    @Test
    void everyUsersFileOfTheStoreMustAllow() throws Exception {
        StoreMXBean alice = as("alice");
        alice.send("orders", "before", Map.of(), 0);
        factory(usersFile("readers.properties", "alice=a\nallow.consume.orders*=alice\n"), "alice", "a");
        refused(() -> alice.send("orders", "after", Map.of(), 0), "alice", "send", "orders");
        assertEquals(1, visible(inProcess(), "orders", 1));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int received = 0;
        while (received == 0 && System.nanoTime() < deadline) {
            received = alice.receive("orders", 1, 1).size();
        }
        assertEquals(1, received, "consume is granted by both files");
    }

    @Test
    void aStoreWithoutUsersFileLetsEveryPrincipalDoEverything() throws Exception {
        url = TestStores.url("jmxopen");
        WharfConnectionFactory open = new WharfConnectionFactory(url);
        factories.add(open);
        open.admin().createQueue("anything", Map.of());
        StoreMXBean carol = as("carol");
        carol.send("anything", "x", Map.of(), 0);
        carol.purgeQueue("anything");
        assertEquals("UNCHANGED", carol.declareQueue("anything", Map.of()));
        assertEquals(Wharf.printable(url), carol.getUrl());
    }
}
