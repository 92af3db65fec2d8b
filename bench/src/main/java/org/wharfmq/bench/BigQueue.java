package org.wharfmq.bench;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * S7, run in a JVM of its own per system so that its heap figures are its own: fills a queue with
 * a large number of 1 KiB messages, then per round reopens the system and measures the reopen time,
 * the heap the queued messages take, and the receive rate from the full queue, then the receive
 * rate of the same number of messages from a queue that held only them, also after a reopen. Prints one
 * {@code metric value} line per measurement.
 */
public final class BigQueue {
    private BigQueue() {
    }

    public static void main(String[] args) {
        runAndExit(BigQueue::run, args);
    }

    /** A scenario run in a child JVM of its own. */
    interface Child {
        void run(String[] args) throws Exception;
    }

    /** Runs {@code child}, then ends the JVM: exit code 1 if it failed. */
    static void runAndExit(Child child, String[] args) {
        try {
            child.run(args);
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1);
        }
        // Artemis leaves non-daemon threads behind after its server stops; they would hold this JVM a minute.
        System.exit(0);
    }

    private static void run(String[] args) throws Exception {
        BenchSystem system = BenchSystem.named(args[0]);
        Path dir = Path.of(args[1]);
        int count = Integer.parseInt(args[2]);
        int sample = Integer.parseInt(args[3]);
        int rounds = Integer.parseInt(args[4]);
        long baseline = usedHeapAfterGc();

        system.start(dir.resolve("full"));
        long start = System.nanoTime();
        fillInParallel(system.connectionFactory(), "big", count, Workloads.BODY);
        report("fill msg/s", count / ((System.nanoTime() - start) / 1e9));
        system.close();

        // A warm-up receive from the small queue, so that no round pays for compiling the receive path.
        system.start(dir.resolve("small"));
        Workloads.fill(system.connectionFactory(), "small", sample);
        receive("S7", system.connectionFactory(), "small", sample);
        system.close();
        // Each round measures the full queue, then the small one, so that neither gains from coming later.
        for (int r = 0; r < rounds; r++) {
            start = System.nanoTime();
            system.start(dir.resolve("full"));
            receive("S7", system.connectionFactory(), "big", 1);
            report("reopen s", (System.nanoTime() - start) / 1e9);
            report("heap MiB", (usedHeapAfterGc() - baseline) / 1048576.0);
            report("full msg/s", receive("S7", system.connectionFactory(), "big", sample));
            system.close();
            // Reopened before receiving too, so that both rates are of messages read back from disk.
            system.start(dir.resolve("small"));
            Workloads.fill(system.connectionFactory(), "small", sample);
            system.close();
            system.start(dir.resolve("small"));
            report("empty msg/s", receive("S7", system.connectionFactory(), "small", sample));
            system.close();
        }
    }

    private static void report(String metric, double value) {
        System.out.println("S7 " + metric + " " + value);
    }

    /** The heap in use after three full GCs. */
    static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Sends {@code count} messages of {@code body} from 4 threads at once, in transactions of 100. */
    static void fillInParallel(ConnectionFactory cf, String queue, int count, String body) throws Exception {
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> parts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int share = count / threads + (t < count % threads ? 1 : 0);
                parts.add(pool.submit(() -> {
                    Workloads.fill(cf, queue, share, body);
                    return null;
                }));
            }
            for (Future<?> f : parts) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Receives {@code n} messages with AUTO_ACKNOWLEDGE; the rate per second. */
    static double receive(String scenario, ConnectionFactory cf, String queue, int n) throws JMSException {
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = s.createConsumer(s.createQueue(queue));
            c.start();
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                if (consumer.receive(30_000) == null) {
                    throw new IllegalStateException(scenario + ": message " + i + " of " + n + " did not arrive");
                }
            }
            return n / ((System.nanoTime() - start) / 1e9);
        }
    }
}
