package org.wharfmq.bench;

import jakarta.jms.Session;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * One JVM of the scaling run: S3's 4 producers and 4 AUTO_ACKNOWLEDGE consumers on a queue that
 * other JVMs share. Args: store URL, queue, seconds. It warms up on a queue of its own, prints
 * {@code ready}, waits for {@code go} on stdin, then prints {@code S3 msg/s <rate>}: its receives
 * over the window.
 */
public final class PgScaling {
    private PgScaling() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String queue = args[1];
        long nanos = (long) (Double.parseDouble(args[2]) * 1e9);
        WharfConnectionFactory cf = new WharfConnectionFactory(url);
        try {
            try (PgTraffic warmUp = new PgTraffic(cf, queue + "-warmup-" + ProcessHandle.current().pid(), 4, 4,
                    Session.AUTO_ACKNOWLEDGE)) {
                waitUntilReceived(warmUp, 2_000);
            }
            System.out.println("ready");
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            if (!"go".equals(in.readLine())) {
                throw new IllegalStateException("the bench did not say go");
            }
            try (PgTraffic traffic = new PgTraffic(cf, queue, 4, 4, Session.AUTO_ACKNOWLEDGE)) {
                long start = System.nanoTime();
                long before = traffic.received();
                Thread.sleep(nanos / 1_000_000);
                double rate = (traffic.received() - before) / ((System.nanoTime() - start) / 1e9);
                System.out.printf(Locale.ROOT, "S3 msg/s %.3f%n", rate);
            }
        } finally {
            cf.closeStore();
        }
        System.exit(0);
    }

    /** Waits until {@code traffic} received {@code count} messages; fails if a producer or consumer did, or after 2 minutes. */
    static void waitUntilReceived(PgTraffic traffic, long count) throws Exception {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
        while (traffic.received() < count) {
            traffic.check();
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("only " + traffic.received() + " of " + count
                        + " messages came in 2 minutes");
            }
            Thread.sleep(20);
        }
    }
}
