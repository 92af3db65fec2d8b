package org.wharfmq.jms.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.QueueAdmin;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.testing.TestStores;

/**
 * A message whose processing kills the JVM, on a wharf:derby store with the default
 * {@code autoAck=deferred} (a listener's message is leased): its receive count is written though
 * nobody waits for it, so after maxReceiveCount crashes it is in the dead-letter queue, and the
 * application stops crash-looping on it.
 */
class PoisonMessageTest {
    private static final int MAX_RECEIVE_COUNT = 3;
    private static final int OTHERS = 20;

    @TempDir
    Path tmp;

    @Test
    void aMessageThatKillsItsListenerReachesTheDeadLetterQueueAfterMaxReceiveCountCrashes() throws Exception {
        TestStores.assumeDefaultRun("kills a JVM holding a wharf:derby store");
        String url = "wharf:derby:" + tmp.resolve("store") + "?visibilityTimeout=1";
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        QueueAdmin admin = f.admin();
        admin.createQueue("work-dlq", Map.of());
        admin.createQueue("work", Map.of("RedrivePolicy",
                "{\"deadLetterTargetArn\":\"work-dlq\",\"maxReceiveCount\":" + MAX_RECEIVE_COUNT + "}"));
        try (Connection c = f.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue("work"));
            for (int i = 0; i < OTHERS; i++) {
                p.send(s.createTextMessage(i == OTHERS / 4 ? "poison" : "m-" + i));
            }
            p.send(s.createTextMessage("m-" + OTHERS / 4));
        }
        f.closeStore();

        Map<String, Integer> processed = new TreeMap<>();
        List<String> poisonDeliveries = new ArrayList<>();
        List<Integer> exits = new ArrayList<>();
        int crashes = 0;
        boolean dead = false;
        for (int run = 0; run <= MAX_RECEIVE_COUNT + 1 && !dead; run++) {
            Process child = start(url);
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    String[] w = line.split(" ");
                    if (w[0].equals("GOT") && w[1].equals("poison")) {
                        poisonDeliveries.add(w[2] + "/" + w[3]);
                    } else if (w[0].equals("GOT")) {
                        processed.merge(w[1], 1, Integer::sum);
                    } else if (w[0].equals("DLQ")) {
                        assertEquals("poison", w[1]);
                        dead = true;
                    }
                    if (dead && processed.size() == OTHERS) {
                        child.getOutputStream().close();
                    }
                }
            }
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not end");
            exits.add(child.exitValue());
            if (child.exitValue() != 0) {
                crashes++;
            }
        }
        assertTrue(dead, "the poison message never reached work-dlq; its deliveries: " + poisonDeliveries);
        assertEquals(MAX_RECEIVE_COUNT, crashes, "crashes before the poison message was dead-lettered; its deliveries: "
                + poisonDeliveries + "; exit values: " + exits);
        // The first delivery is new; each after a crash is counted: JMSRedelivered true, and the count written.
        List<String> expected = new ArrayList<>();
        for (int i = 1; i <= MAX_RECEIVE_COUNT; i++) {
            expected.add((i > 1) + "/" + i);
        }
        assertEquals(expected, poisonDeliveries, "the poison message's deliveries (JMSRedelivered/JMSXDeliveryCount)");
        Map<String, Integer> once = new HashMap<>();
        processed.keySet().forEach(k -> once.put(k, 1));
        assertEquals(OTHERS, processed.size(), "every other message was processed: " + processed);
        assertEquals(once, processed, "every other message was processed once");
        System.out.println("PoisonMessageTest: " + crashes + " crashes, then the poison message was in work-dlq; "
                + processed.size() + " other messages processed once each");
    }

    private static Process start(String url) throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                PoisonChild.class.getName(), url);
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
