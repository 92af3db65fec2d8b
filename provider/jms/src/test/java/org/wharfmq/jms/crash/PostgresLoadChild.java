package org.wharfmq.jms.crash;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * One JVM of {@link PostgresCrashTest}: on queues {@code work} (standard) and {@code orders.fifo}
 * it sends to both, receives {@code work} in CLIENT_ACKNOWLEDGE batches and {@code orders.fifo} in
 * transacted batches, printing each step as it goes, with the wall clock in microseconds (shared
 * by the JVMs of one machine):
 * <ul>
 * <li>{@code SENT <key> <t>} once a send returned;
 * <li>{@code GOT <queue> <batch> <key> <t>} once a receive returned it;
 * <li>{@code SETTLING <queue> <batch> <t>} before acknowledge() or commit(), {@code SETTLED <queue> <batch> <t>}
 * after it returned;
 * <li>{@code RELEASED <queue> <batch> <t>} once a consumer gave a failed batch back (rollback() or recover());
 * <li>{@code ERR <worker> <message>} for a failed call; the worker goes on.
 * </ul>
 * Keys: {@code s.<jvm>.<n>} on work, {@code f.<group>.<jvm>.<n>} on orders.fifo, where {@code <jvm>}
 * is this JVM's name ({@code <slot>-<incarnation>}) and groups are {@code g<slot>a} and {@code g<slot>b}.
 * Arguments: the store URL, the slot, the incarnation. On stdin {@code STOP} ends the sends (it
 * prints {@code STOPPED}), {@code EXIT} closes the connection and exits; the end of stdin halts.
 * Every line ends in {@code " ."}, so that the test can tell one cut short by a kill.
 */
public final class PostgresLoadChild {
    static final String WORK = "work";
    static final String FIFO = "orders.fifo";
    /** Sends per second of each producer: enough load to matter, little enough to drain quickly. */
    private static final int SENDS_PER_SECOND = 10;
    private static final int BATCH = 5;
    private static volatile boolean sending = true;
    private static volatile boolean running = true;

    private PostgresLoadChild() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String slot = args[1];
        String jvm = slot + "-" + args[2];
        WharfConnectionFactory factory = new WharfConnectionFactory(url);
        Connection c = connect(factory);
        c.start();
        List<Thread> threads = new ArrayList<>();
        threads.add(thread("send-work", () -> send(c, WORK, List.of(""), "s." + jvm)));
        threads.add(thread("send-fifo", () -> send(c, FIFO, List.of("g" + slot + "a", "g" + slot + "b"), jvm)));
        threads.add(thread("take-work", () -> consume(c, WORK, false)));
        threads.add(thread("take-fifo", () -> consume(c, FIFO, true)));
        threads.forEach(Thread::start);
        print("STARTED");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.equals("STOP")) {
                sending = false;
                for (Thread t : threads.subList(0, 2)) {
                    t.join(60_000);
                }
                print("STOPPED");
            } else if (line.equals("EXIT")) {
                running = false;
                for (Thread t : threads) {
                    t.join(60_000);
                }
                c.close();
                factory.closeStore();
                print("DONE");
                System.exit(0);
            }
        }
        Runtime.getRuntime().halt(3);
    }

    /** The first connection opens the store; on a busy machine its first database connection may time out. */
    private static Connection connect(WharfConnectionFactory factory) throws JMSException {
        for (int attempt = 1; ; attempt++) {
            try {
                return factory.createConnection();
            } catch (JMSException e) {
                print("ERR open " + oneLine(e));
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private interface Body {
        void run() throws JMSException;
    }

    private static Thread thread(String name, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (JMSException | RuntimeException e) {
                print("ERR " + name + " gave up: " + oneLine(e));
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    /** Sends to {@code queue} at a steady pace, round robin over {@code groups} ("" for none), until STOP. */
    private static void send(Connection c, String queue, List<String> groups, String prefix) throws JMSException {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(s.createQueue(queue));
        long every = TimeUnit.SECONDS.toNanos(1) / SENDS_PER_SECOND;
        long next = System.nanoTime();
        for (long n = 0; sending; n++) {
            String group = groups.get((int) (n % groups.size()));
            String key = group.isEmpty() ? prefix + "." + n : "f." + group + "." + prefix + "." + n;
            try {
                TextMessage m = s.createTextMessage(key);
                if (!group.isEmpty()) {
                    m.setStringProperty("JMSXGroupID", group);
                    m.setStringProperty("JMS_Wharf_DeduplicationId", key);
                }
                p.send(m);
                print("SENT " + key + " " + micros());
            } catch (JMSException e) {
                print("ERR send-" + queue + " " + oneLine(e));
            }
            next += every;
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    /** Takes batches of {@code queue} until EXIT: CLIENT_ACKNOWLEDGE, or transacted. */
    private static void consume(Connection c, String queue, boolean transacted) throws JMSException {
        Session s = transacted ? c.createSession(true, Session.SESSION_TRANSACTED)
                : c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        Queue q = s.createQueue(queue);
        MessageConsumer consumer = s.createConsumer(q);
        for (long batch = 0; running; batch++) {
            Message last = null;
            try {
                for (int i = 0; i < BATCH; i++) {
                    Message m = consumer.receive(i == 0 ? 500 : 100);
                    if (m == null) {
                        break;
                    }
                    last = m;
                    print("GOT " + queue + " " + batch + " " + ((TextMessage) m).getText() + " " + micros());
                }
                if (last == null) {
                    continue;
                }
                print("SETTLING " + queue + " " + batch + " " + micros());
                if (transacted) {
                    s.commit();
                } else {
                    last.acknowledge();
                }
                print("SETTLED " + queue + " " + batch + " " + micros());
            } catch (JMSException | RuntimeException e) {
                print("ERR take-" + queue + " " + oneLine(e));
                try {
                    if (transacted) {
                        s.rollback();
                    } else {
                        s.recover();
                    }
                    print("RELEASED " + queue + " " + batch + " " + micros());
                } catch (JMSException | RuntimeException again) {
                    print("ERR take-" + queue + " " + oneLine(again));
                }
            }
        }
        consumer.close();
    }

    private static long micros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    private static String oneLine(Exception e) {
        return (e.getClass().getSimpleName() + ": " + e.getMessage()).replace('\n', ' ');
    }

    private static void print(String line) {
        synchronized (System.out) {
            System.out.println(line + " .");
            System.out.flush();
        }
    }
}
