package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.ResourceAllocationException;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/** NON_PERSISTENT messages on wharf:derby live in memory: delivered alike, gone after a restart, bounded. */
class NonPersistentTest {

    @Test
    void aRestartKeepsPersistentMessagesAndLosesNonPersistentOnes(@TempDir Path dir) throws Exception {
        TestStores.assumeDerby("restarts a wharf:derby store on disk");
        String url = "wharf:derby:" + dir.resolve("store");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        try (Connection c = f.createConnection()) {
            Session s = c.createSession();
            Queue q = s.createQueue("mixed");
            MessageProducer p = s.createProducer(q);
            p.send(s.createTextMessage("kept"), DeliveryMode.PERSISTENT, 4, 0);
            p.send(s.createTextMessage("lost"), DeliveryMode.NON_PERSISTENT, 4, 0);
            List<String> seen = new ArrayList<>();
            Enumeration<?> browsed = s.createBrowser(q).getEnumeration();
            while (browsed.hasMoreElements()) {
                TextMessage m = (TextMessage) browsed.nextElement();
                seen.add(m.getText() + "/" + m.getJMSDeliveryMode());
            }
            assertEquals(List.of("kept/" + DeliveryMode.PERSISTENT, "lost/" + DeliveryMode.NON_PERSISTENT), seen);
        }
        f.closeStore();

        try (Connection c = f.createConnection()) {
            c.start();
            Session s = c.createSession();
            MessageConsumer consumer = s.createConsumer(s.createQueue("mixed"));
            assertEquals("kept", ((TextMessage) consumer.receive(2000)).getText());
            assertNull(consumer.receiveNoWait());
        }
        f.closeStore();
    }

    @Test
    void aSendThatFindsTheMemoryFullFailsWithResourceAllocationExceptionNamingTheLimit(@TempDir Path dir)
            throws Exception {
        TestStores.assumeDerby("sets the limit of a wharf:derby store");
        String url = "wharf:derby:" + dir.resolve("store") + "?nonDurableMb=1&nonDurableWaitMs=20";
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        String body = "x".repeat(200 * 1024);
        try (Connection c = f.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q = s.createQueue("big");
            MessageProducer p = s.createProducer(q);
            p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            for (int i = 0; i < 5; i++) {
                p.send(s.createTextMessage(body));
            }
            ResourceAllocationException e = assertThrows(ResourceAllocationException.class,
                    () -> p.send(s.createTextMessage(body)));
            assertTrue(e.getMessage().contains("1048576 bytes"), e.getMessage());

            c.start();
            MessageConsumer consumer = s.createConsumer(q);
            assertEquals(body, ((TextMessage) consumer.receive(2000)).getText());
            p.send(s.createTextMessage(body));
            int left = 0;
            while (consumer.receive(500) != null) {
                left++;
            }
            assertEquals(5, left);
        } finally {
            f.closeStore();
        }
    }
}
