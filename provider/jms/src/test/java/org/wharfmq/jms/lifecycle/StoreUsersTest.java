package org.wharfmq.jms.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import jakarta.jms.Connection;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.gateway.StoreGateway;
import org.wharfmq.jms.testing.TestStores;

/**
 * A store stays open while a connection, or a factory that opened it, uses it, and closes with its
 * last user.
 */
class StoreUsersTest {
    @TempDir
    Path tmp;

    @Test
    void aFactoryKeepsItsStoreOpenBetweenConnectionsUntilItCloses() throws JMSException {
        String url = TestStores.url("users-factory");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        f.createConnection().close();
        assertTrue(StoreGateway.isOpen(url), "open after its only connection closed: the factory holds it");
        f.close();
        assertFalse(StoreGateway.isOpen(url));
    }

    @Test
    void aConnectionKeepsItsStoreOpenAfterItsFactoryCloses() throws JMSException {
        String url = TestStores.url("users-connection");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        Connection c = f.createConnection();
        f.close();
        assertTrue(StoreGateway.isOpen(url));
        c.close();
        assertFalse(StoreGateway.isOpen(url));
    }

    @Test
    void theStoreClosesWithTheLastOfSeveralFactories() throws JMSException {
        String url = TestStores.url("users-two");
        WharfConnectionFactory a = new WharfConnectionFactory(url);
        WharfConnectionFactory b = new WharfConnectionFactory(url);
        a.capabilities();
        b.capabilities();
        a.close();
        a.close();
        assertTrue(StoreGateway.isOpen(url), "a second close of one factory does not count as the other's");
        b.close();
        assertFalse(StoreGateway.isOpen(url));
    }

    @Test
    void aClosedFactoryReopensItsStoreOnNextUseWithWhatWasStored() throws JMSException {
        TestStores.assumeDerby("a store on disk, whose messages outlive its closing");
        String url = "wharf:derby:" + tmp.resolve("store");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        try (Connection c = f.createConnection()) {
            Session s = c.createSession();
            s.createProducer(s.createQueue("kept")).send(s.createTextMessage("before"));
        }
        f.close();
        assertFalse(StoreGateway.isOpen(url));
        try (Connection c = f.createConnection()) {
            c.start();
            Session s = c.createSession();
            Message m = s.createConsumer(s.createQueue("kept")).receive(5000);
            assertEquals("before", ((TextMessage) m).getText());
        } finally {
            f.close();
        }
        assertFalse(StoreGateway.isOpen(url));
    }

    @Test
    void usersOfAStoreClosedByForceDoNotCloseItsReopening() throws JMSException {
        String url = TestStores.url("users-forced");
        WharfConnectionFactory old = new WharfConnectionFactory(url);
        Connection stale = old.createConnection();
        old.closeStore();
        WharfConnectionFactory fresh = new WharfConnectionFactory(url);
        fresh.capabilities();
        stale.close();
        old.close();
        assertTrue(StoreGateway.isOpen(url), "the reopened store belongs to the new factory only");
        fresh.close();
        assertFalse(StoreGateway.isOpen(url));
    }

    @Test
    void aConnectionRefusedForItsClientIdDoesNotKeepTheStoreOpen() throws JMSException {
        String url = TestStores.url("users-refused");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        f.setClientID("only-one");
        Connection first = f.createConnection();
        assertThrows(InvalidClientIDException.class, f::createConnection);
        first.close();
        f.close();
        assertFalse(StoreGateway.isOpen(url));
    }

    @Test
    void aListenerThreadsSettingThatIsNotANumberOfThreadsIsRefusedAndOpensNothing() {
        for (String bad : List.of("0", "many", "10001")) {
            String url = TestStores.url("users-threads");
            String before = System.getProperty("wharf.listenerThreads");
            System.setProperty("wharf.listenerThreads", bad);
            try {
                JMSException e = assertThrows(JMSException.class,
                        () -> new WharfConnectionFactory(url).createConnection());
                assertTrue(e.getMessage().contains("wharf.listenerThreads") && e.getMessage().contains("'" + bad + "'"),
                        e.getMessage());
                assertFalse(StoreGateway.isOpen(url));
            } finally {
                if (before == null) {
                    System.clearProperty("wharf.listenerThreads");
                } else {
                    System.setProperty("wharf.listenerThreads", before);
                }
            }
        }
    }

    @Test
    void aShutdownHookSettingOtherThanTrueOrFalseIsRefusedAndOpensNothing() {
        String url = TestStores.url("users-hook");
        String before = System.getProperty("wharf.shutdownHook");
        System.setProperty("wharf.shutdownHook", "sometimes");
        try {
            JMSException e = assertThrows(JMSException.class, () -> new WharfConnectionFactory(url).createConnection());
            assertTrue(e.getMessage().contains("wharf.shutdownHook") && e.getMessage().contains("'sometimes'"),
                    e.getMessage());
            assertFalse(StoreGateway.isOpen(url));
        } finally {
            if (before == null) {
                System.clearProperty("wharf.shutdownHook");
            } else {
                System.setProperty("wharf.shutdownHook", before);
            }
        }
    }
}
