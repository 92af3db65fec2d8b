package org.wharfmq.jms.behaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;
import org.wharfmq.store.testing.SmallDisk;

/** An embedded store on a disk that fills up: clear failures, nothing acknowledged lost, and no restart needed. */
class DiskFullTest {

    @Test
    void sendsFailClearlyWhileTheDiskIsFullAndGoOnOnceSpaceIsFreed() throws Exception {
        TestStores.assumeDefaultRun("a wharf:derby store on a small disk");
        try (SmallDisk disk = SmallDisk.mount(64)) {
            Path dir = disk.dir().resolve("store");
            WharfConnectionFactory factory = new WharfConnectionFactory("wharf:derby:" + dir);
            try {
                try (Connection c = factory.createConnection()) {
                    c.start();
                    Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                    Queue q = s.createQueue("full");
                    MessageProducer p = s.createProducer(q);
                    p.send(s.createTextMessage("first"));
                    Path ballast = disk.fill(3 * 1024);
                    String body = "x".repeat(50_000);
                    List<String> acknowledged = new ArrayList<>();
                    JMSException refused = null;
                    for (int i = 0; i < 2_000 && refused == null; i++) {
                        TextMessage m = s.createTextMessage(body + i);
                        try {
                            p.send(m);
                            acknowledged.add(m.getJMSMessageID());
                        } catch (JMSException e) {
                            refused = e;
                        }
                    }
                    assertNotNull(refused, "the disk never filled up");
                    assertTrue(refused.getMessage().contains("is full") && refused.getMessage().contains(dir.toString()),
                            refused.getMessage());
                    assertFalse(refused.getMessage().contains("Page("), "Derby's wording stays out: " + refused.getMessage());
                    try {
                        // As large as the refused ones: a small message may still fit in a page the store has.
                        p.send(s.createTextMessage(body + "while full"));
                        fail("a send succeeded while the disk was still full");
                    } catch (JMSException e) {
                        assertTrue(e.getMessage().contains("is full"), e.getMessage());
                    }

                    Files.delete(ballast);
                    TextMessage after = s.createTextMessage("after");
                    p.send(after);
                    acknowledged.add(after.getJMSMessageID());

                    MessageConsumer consumer = s.createConsumer(q);
                    Set<String> received = new HashSet<>();
                    Message m = consumer.receive(5000);
                    assertEquals("first", ((TextMessage) m).getText());
                    while ((m = consumer.receive(2000)) != null) {
                        received.add(m.getJMSMessageID());
                    }
                    assertEquals(new HashSet<>(acknowledged), received, "every acknowledged send is there, once");
                }
                try (Connection c = factory.createConnection()) {
                    c.start();
                    Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                    assertNull(s.createConsumer(s.createQueue("full")).receive(200), "the consumed messages stay consumed");
                }
            } finally {
                // Before the disk goes: a store left open on it would hang the JVM's exit in Derby's shutdown.
                factory.closeStore();
            }
        }
    }
}
