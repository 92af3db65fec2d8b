package org.wharfmq.jms.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.MessageProducer;
import jakarta.jms.Topic;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.wharfmq.jms.WharfConnectionFactory;
import org.wharfmq.jms.WharfSession;

/**
 * The JVM {@link JmsCrashTest} kills: consumers of every kind on one store, each printing
 * {@code GOT <consumer> <body> <JMSRedelivered> <JMSXDeliveryCount>} when the application gets a
 * message and {@code ACKED <consumer> <body>} once its acknowledge() returned. Arguments: the
 * connection URL and {@code consume} (run until killed) or {@code drain} (stop, closing cleanly,
 * once nothing came for {@code QUIET_MILLIS}), or {@code xa} and a count: prepare that many XA
 * branches, each receiving one message of xa-in and sending one to xa-out, print
 * {@code PREPARED <branch> <received body>} for each and wait to be killed.
 */
public final class CrashChild {
    static final String CLIENT_ID = "crash";
    static final long QUIET_MILLIS = 4_000;
    private static final AtomicLong LAST = new AtomicLong(System.nanoTime());

    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        if (args[1].equals("xa")) {
            prepare(new WharfConnectionFactory(args[0]), Integer.parseInt(args[2]));
            return;
        }
        boolean drain = args[1].equals("drain");
        WharfConnectionFactory factory = new WharfConnectionFactory(args[0]);
        Connection c = factory.createConnection();
        c.setClientID(CLIENT_ID);
        List<Thread> receivers = new ArrayList<>();
        receivers.add(receiver(c, "r1", Session.AUTO_ACKNOWLEDGE, "recv", false));
        receivers.add(receiver(c, "r2", Session.AUTO_ACKNOWLEDGE, "recv", false));
        receivers.add(receiver(c, "r3", Session.DUPS_OK_ACKNOWLEDGE, "recv", false));
        receivers.add(receiver(c, "i1", WharfSession.INDIVIDUAL_ACKNOWLEDGE, "indiv", true));
        listener(c, "l1", Session.AUTO_ACKNOWLEDGE, "listen");
        listener(c, "l2", Session.DUPS_OK_ACKNOWLEDGE, "listen");
        Session durable = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic news = durable.createTopic("news");
        durable.createDurableConsumer(news, "d1").setMessageListener(m -> print("d1", m));
        for (String name : new String[] {"s1a", "s1b"}) {
            Session shared = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            MessageConsumer consumer = shared.createSharedDurableConsumer(news, "s1");
            receivers.add(loop(name, consumer, true));
        }
        c.start();
        receivers.forEach(Thread::start);
        System.out.println("STARTED");
        if (!drain) {
            Thread.currentThread().join();
        }
        while (System.nanoTime() - LAST.get() < QUIET_MILLIS * 1_000_000) {
            Thread.sleep(50); // polls for the quiet period that ends a drain
        }
        c.close();
        System.out.println("DRAINED");
        System.exit(0);
    }

    private static void prepare(WharfConnectionFactory factory, int branches) throws Exception {
        XAConnection xc = factory.createXAConnection();
        xc.start();
        XASession xs = xc.createXASession();
        XAResource xa = xs.getXAResource();
        MessageConsumer consumer = xs.createConsumer(xs.createQueue("xa-in"));
        MessageProducer producer = xs.createProducer(xs.createQueue("xa-out"));
        for (int i = 0; i < branches; i++) {
            Xid xid = CrashXid.of("b" + i);
            xa.start(xid, XAResource.TMNOFLAGS);
            TextMessage m = (TextMessage) consumer.receive(5000);
            producer.send(xs.createTextMessage("out-" + i));
            xa.end(xid, XAResource.TMSUCCESS);
            xa.prepare(xid);
            System.out.println("PREPARED b" + i + " " + m.getText());
        }
        System.out.println("ALL_PREPARED");
        Thread.currentThread().join();
    }

    private static Thread receiver(Connection c, String name, int mode, String queue, boolean acknowledge)
            throws JMSException {
        Session s = c.createSession(false, mode);
        return loop(name, s.createConsumer(s.createQueue(queue)), acknowledge);
    }

    private static Thread loop(String name, MessageConsumer consumer, boolean acknowledge) {
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Message m = consumer.receive(200);
                    if (m == null) {
                        continue;
                    }
                    print(name, m);
                    if (acknowledge) {
                        m.acknowledge();
                        System.out.println("ACKED " + name + " " + ((TextMessage) m).getText());
                    }
                }
            } catch (JMSException e) {
                // The connection closed at the end of a drain.
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    private static void listener(Connection c, String name, int mode, String queue) throws JMSException {
        Session s = c.createSession(false, mode);
        s.createConsumer(s.createQueue(queue)).setMessageListener(m -> print(name, m));
    }

    private static void print(String name, Message m) {
        try {
            System.out.println("GOT " + name + " " + ((TextMessage) m).getText() + " " + m.getJMSRedelivered()
                    + " " + m.getIntProperty("JMSXDeliveryCount"));
            LAST.set(System.nanoTime());
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }
}
