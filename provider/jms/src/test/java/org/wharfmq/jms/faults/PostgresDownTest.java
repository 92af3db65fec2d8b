package org.wharfmq.jms.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * While the PostgreSQL server is down, a send fails with a JMSException that names the store and
 * why, without the password; once the server is back, the same producer and consumer go on by
 * themselves within 10 s.
 */
class PostgresDownTest {
    private static final String SECRET = "pw-never-printed";
    private static final Duration RECOVERY = Duration.ofSeconds(10);

    @Test
    void aSendWhileTheServerIsDownNamesTheCauseAndTheClientGoesOnWhenItReturns() throws Exception {
        assumeTrue(TestStores.postgres(), "on the PostgreSQL run only: it stops and starts a server of its own");
        // Durable: without fsync and synchronous commit, an immediate stop may lose the last commits.
        try (PostgresServer server = PostgresServer.start(true)) {
            // The test server trusts every login, so the password is only something to hide.
            WharfConnectionFactory factory = new WharfConnectionFactory(
                    server.storeUrlOfSchema("w_down") + "&dbPassword=" + SECRET);
            try (Connection c = factory.createConnection()) {
                c.start();
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                Queue q = s.createQueue("orders");
                MessageProducer producer = s.createProducer(q);
                MessageConsumer consumer = s.createConsumer(q);
                producer.send(s.createTextMessage("before"));

                server.kill();
                // The first send may meet a pooled connection that broke; a later one finds nothing listening.
                boolean refused = false;
                for (int i = 0; i < 3 && !refused; i++) {
                    JMSException e = assertThrows(JMSException.class, () -> producer.send(s.createTextMessage("down")));
                    String text = e.getMessage();
                    assertTrue(text.contains("PostgreSQL store wharf:postgresql://127.0.0.1:" + server.port()), text);
                    assertTrue(text.contains("is unreachable"), text);
                    assertFalse(text.contains(SECRET), text);
                    refused = text.contains("Connection to 127.0.0.1:" + server.port() + " refused");
                }
                assertTrue(refused, "a send while the server is down says that it refused the connection");

                server.startAgain();
                long back = System.nanoTime();
                JMSException last = null;
                boolean sent = false;
                while (!sent && System.nanoTime() - back < RECOVERY.toNanos()) {
                    try {
                        producer.send(s.createTextMessage("after"));
                        sent = true;
                    } catch (JMSException again) {
                        last = again;
                    }
                }
                long took = System.nanoTime() - back;
                assertTrue(sent && took < RECOVERY.toNanos(), "no send succeeded within " + RECOVERY.toSeconds()
                        + " s of the server's return; the last failure: " + last);
                assertEquals("before", text(consumer));
                assertEquals("after", text(consumer));
                System.out.printf("PostgresDownTest: the failed send named the cause; a send succeeded %.1f s after "
                        + "the server was back%n", took / 1e9);
            }
            factory.closeStore();
        }
    }

    private static String text(MessageConsumer consumer) throws JMSException {
        TextMessage m = (TextMessage) consumer.receive(RECOVERY.toMillis());
        assertNotNull(m, "a message");
        return m.getText();
    }
}
