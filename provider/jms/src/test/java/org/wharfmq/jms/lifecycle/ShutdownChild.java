package org.wharfmq.jms.lifecycle;

import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * The plain JMS program {@link ShutdownTest} stops with SIGTERM: a listener on queue work and a
 * sender feeding it, printing {@code READY} once the listener got a message. Arguments: the store
 * URL and {@code never-closes} (leaves everything open at exit) or {@code closes-in-order} (its own
 * shutdown hook closes the connection, then the factory, as a container stopping would).
 */
public final class ShutdownChild {
    private ShutdownChild() {
    }

    public static void main(String[] args) throws Exception {
        WharfConnectionFactory factory = new WharfConnectionFactory(args[0]);
        Connection c = factory.createConnection();
        if (args[1].equals("closes-in-order")) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    c.close();
                    factory.close();
                } catch (Exception e) {
                    e.printStackTrace();
                }
            }));
        }
        Session listening = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        listening.createConsumer(listening.createQueue("work")).setMessageListener(m -> System.out.println("READY"));
        c.start();
        Session sending = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = sending.createProducer(sending.createQueue("work"));
        try {
            for (int i = 0; ; i++) {
                p.send(sending.createTextMessage("job-" + i));
                Thread.sleep(20);
            }
        } catch (IllegalStateException closedAtExit) {
            // The connection was closed at exit while this thread still sent: the program's own end.
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
