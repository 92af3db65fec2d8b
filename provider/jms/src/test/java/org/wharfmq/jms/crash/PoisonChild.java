package org.wharfmq.jms.crash;

import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * The JVM {@link PoisonMessageTest} restarts: an AUTO_ACKNOWLEDGE listener on queue work, with the
 * connection's default {@code autoAck}, prints {@code GOT <body> <JMSRedelivered>
 * <JMSXDeliveryCount>} for each message; on the body {@code poison} it fills the heap, and the JVM
 * (run with -XX:+ExitOnOutOfMemoryError) dies inside onMessage. A listener on work-dlq prints
 * {@code DLQ <body>}. It closes its connection and ends when its standard input closes.
 */
public final class PoisonChild {
    private PoisonChild() {
    }

    public static void main(String[] args) throws Exception {
        WharfConnectionFactory factory = new WharfConnectionFactory(args[0]);
        try (Connection c = factory.createConnection()) {
            Session work = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer audit = work.createProducer(work.createQueue("audit"));
            work.createConsumer(work.createQueue("work")).setMessageListener(m -> {
                try {
                    String body = ((TextMessage) m).getText();
                    say("GOT " + body + " " + m.getJMSRedelivered() + " " + m.getIntProperty("JMSXDeliveryCount"));
                    if (body.equals("poison")) {
                        // Some work that reaches the disk (a persistent send waits for its group commit), then death.
                        audit.send(work.createTextMessage("processing poison"));
                        Runtime.getRuntime().halt(1);
                    }
                } catch (jakarta.jms.JMSException e) {
                    throw new IllegalStateException(e);
                }
            });
            Session dead = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            dead.createConsumer(dead.createQueue("work-dlq")).setMessageListener(m -> {
                try {
                    say("DLQ " + ((TextMessage) m).getText());
                } catch (jakarta.jms.JMSException e) {
                    throw new IllegalStateException(e);
                }
            });
            c.start();
            say("STARTED");
            while (System.in.read() >= 0) {
                // Runs until the test closes our standard input.
            }
        }
        factory.closeStore();
    }

    private static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
