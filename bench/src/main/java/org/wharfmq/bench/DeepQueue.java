package org.wharfmq.bench;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * S12, run in a JVM of its own per system: fills a deep queue with 256-byte messages, then per
 * round reopens the system and measures the time until the first receive and until the system
 * reports the whole depth, the heap the queue takes, and the send and receive rates of a sample at
 * that depth; then the same sample's rates on an empty queue, also after a reopen. Prints one
 * {@code S12 metric value} line per measurement.
 */
public final class DeepQueue {
    static final String BODY = "x".repeat(256);
    static final String DEEP = "deep";
    static final String EMPTY = "empty";
    /** How long the system may take, after its first receive, to report the whole depth. */
    private static final long FULL_LOAD_WAIT = TimeUnit.MINUTES.toNanos(10);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private DeepQueue() {
    }

    public static void main(String[] args) {
        BigQueue.runAndExit(DeepQueue::run, args);
    }

    private static void run(String[] args) throws Exception {
        BenchSystem system = BenchSystem.named(args[0]);
        Path dir = Path.of(args[1]);
        int depth = Integer.parseInt(args[2]);
        int sample = Integer.parseInt(args[3]);
        int rounds = Integer.parseInt(args[4]);
        long baseline = BigQueue.usedHeapAfterGc();

        system.start(dir.resolve(DEEP));
        long start = System.nanoTime();
        BigQueue.fillInParallel(system.connectionFactory(), DEEP, depth, BODY);
        report("fill msg/s", depth / seconds(start));
        system.close();

        // A warm-up of the send and receive paths, so that no round pays for compiling them.
        system.start(dir.resolve(EMPTY));
        send(system.connectionFactory(), EMPTY, sample);
        BigQueue.receive("S12", system.connectionFactory(), EMPTY, sample);
        system.close();
        long held = depth;
        // Each round measures the deep queue, then the empty one, so that neither gains from coming later.
        for (int r = 0; r < rounds; r++) {
            start = System.nanoTime();
            system.start(dir.resolve(DEEP));
            BigQueue.receive("S12", system.connectionFactory(), DEEP, 1);
            report("reopen s", seconds(start));
            held--;
            awaitCount(system, held);
            report("full load s", seconds(start));
            long heap = BigQueue.usedHeapAfterGc() - baseline;
            report("heap MiB", heap / 1048576.0);
            report("heap B/msg", (double) heap / held);
            // The sample goes to the tail and the same number comes from the head: the depth stays.
            double sendDeep = send(system.connectionFactory(), DEEP, sample);
            double receiveDeep = BigQueue.receive("S12", system.connectionFactory(), DEEP, sample);
            report("send msg/s at depth", sendDeep);
            report("receive msg/s at depth", receiveDeep);
            system.close();
            // Reopened before receiving too, so that both receive rates are of messages read back from disk.
            system.start(dir.resolve(EMPTY));
            double sendEmpty = send(system.connectionFactory(), EMPTY, sample);
            system.close();
            system.start(dir.resolve(EMPTY));
            double receiveEmpty = BigQueue.receive("S12", system.connectionFactory(), EMPTY, sample);
            system.close();
            report("send msg/s empty", sendEmpty);
            report("receive msg/s empty", receiveEmpty);
            report("send at depth / empty", sendDeep / sendEmpty);
            report("receive at depth / empty", receiveDeep / receiveEmpty);
        }
    }

    /**
     * One producer sending {@code n} persistent messages in transactions of 100, as the fill does;
     * the rate per second, timed once its session is made (Wharf opens its store on the first
     * connection, which is not counted, as it is not in the receive rates).
     */
    private static double send(ConnectionFactory cf, String queue, int n) throws JMSException {
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            long start = System.nanoTime();
            for (int i = 1; i <= n; i++) {
                p.send(s.createTextMessage(BODY));
                if (i % 100 == 0 || i == n) {
                    s.commit();
                }
            }
            return n / seconds(start);
        }
    }

    /** Polls the system's count of the deep queue until it is {@code expected}. */
    private static void awaitCount(BenchSystem system, long expected) throws Exception {
        long deadline = System.nanoTime() + FULL_LOAD_WAIT;
        long seen;
        while ((seen = system.messageCount(DEEP)) != expected) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("S12: " + system.name() + " still reports " + seen + " messages in "
                        + DEEP + ", not " + expected + ", " + TimeUnit.NANOSECONDS.toSeconds(FULL_LOAD_WAIT)
                        + " s after its first receive");
            }
            TimeUnit.NANOSECONDS.sleep(POLL_NANOS);
        }
    }

    private static void report(String metric, double value) {
        System.out.println("S12 " + metric + " " + value);
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
