package org.wharfmq.ra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.security.auth.Subject;
import jakarta.jms.Connection;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Session;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import jakarta.resource.spi.security.PasswordCredential;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.ra.inbound.WharfActivationSpec;
import org.wharfmq.ra.outbound.PooledConnectionFactory;
import org.wharfmq.ra.outbound.WharfManagedConnectionFactory;

/** With container-managed sign-on, the container's credentials are the user whose permissions apply. */
class ContainerSignOnPermissionsTest {
    @TempDir
    Path tmp;

    /** A connection manager that signs on as {@code user}, as a container does from its security domain. */
    private static ConnectionManager signingOnAs(WharfManagedConnectionFactory mcf, String user, String password) {
        return (factory, info) -> {
            PasswordCredential credential = new PasswordCredential(user, password.toCharArray());
            credential.setManagedConnectionFactory(mcf);
            Subject subject = new Subject();
            subject.getPrivateCredentials().add(credential);
            ManagedConnection mc = factory.createManagedConnection(subject, info);
            return mc.getConnection(subject, info);
        };
    }

    @Test
    void theContainersUserIsTheOneCheckedNotTheApplicationsOrTheFactorys() throws Exception {
        Path users = tmp.resolve("users.properties");
        Files.writeString(users, "writer=w\nreader=r\nallow.send.orders=writer\nallow.create.orders=writer\n");
        WharfManagedConnectionFactory mcf = new WharfManagedConnectionFactory();
        mcf.setConnectionURL("wharf:memory:ra-perm-" + UUID.randomUUID() + "?usersFile=" + users);
        mcf.setUserName("writer");
        mcf.setPassword("w");

        PooledConnectionFactory asReader = (PooledConnectionFactory) mcf.createConnectionFactory(
                signingOnAs(mcf, "reader", "r"));
        try (Connection c = asReader.createConnection("writer", "w")) {
            Session s = c.createSession();
            JMSSecurityException e = assertThrows(JMSSecurityException.class,
                    () -> s.createProducer(s.createQueue("orders")).send(s.createTextMessage("x")));
            assertTrue(e.getMessage().contains("'reader'") && e.getMessage().contains("orders"), e.getMessage());
        }

        PooledConnectionFactory asWriter = (PooledConnectionFactory) mcf.createConnectionFactory(
                signingOnAs(mcf, "writer", "w"));
        try (Connection c = asWriter.createConnection()) {
            Session s = c.createSession();
            s.createProducer(s.createQueue("orders")).send(s.createTextMessage("allowed"));
        }
    }

    @Test
    void anMdbConsumesAsItsActivationUser() throws Exception {
        Path users = tmp.resolve("mdb-users.properties");
        Files.writeString(users, "reader=r\nwriter=w\nallow.consume.in=reader\nallow.create.in=reader,writer\n"
                + "allow.send.in=writer\n");
        String url = "wharf:memory:ra-mdb-" + UUID.randomUUID() + "?usersFile=" + users;
        WharfResourceAdapter ra = new WharfResourceAdapter();
        ra.setConnectionURL(url);
        ra.setUserName("writer");
        ra.setPassword("w");
        ra.start(TestEndpoints.bootstrap());
        BlockingQueue<String> delivered = new LinkedBlockingQueue<>();
        MessageEndpointFactory factory = TestEndpoints.transacted(delivered, new LinkedBlockingQueue<>());
        try {
            WharfActivationSpec refused = spec(ra, "writer", "w");
            ResourceException e = assertThrows(ResourceException.class, () -> ra.endpointActivation(factory, refused));
            assertTrue(String.valueOf(e.getMessage()).contains("'writer'"), e.getMessage());

            WharfActivationSpec allowed = spec(ra, "reader", "r");
            ra.endpointActivation(factory, allowed);
            try (Connection c = new WharfConnectionFactory(url).createConnection("writer", "w")) {
                Session s = c.createSession();
                s.createProducer(s.createQueue("in")).send(s.createTextMessage("to the reader's MDB"));
            }
            assertEquals("to the reader's MDB", delivered.poll(10, TimeUnit.SECONDS));
            ra.endpointDeactivation(factory, allowed);
        } finally {
            ra.stop();
        }
    }

    private static WharfActivationSpec spec(WharfResourceAdapter ra, String user, String password) {
        WharfActivationSpec spec = new WharfActivationSpec();
        spec.setDestination("in");
        spec.setUser(user);
        spec.setPassword(password);
        spec.setResourceAdapter(ra);
        return spec;
    }
}
