package org.wharfmq.cli.console;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.wharfmq.jms.management.QueueRow;
import org.wharfmq.jms.management.StoreMXBean;

/**
 * Reads the store every interval on its own thread: the queue rows and each queue's counters. It
 * keeps the latest reading for the queues table and, per queue, the readings of the last minutes
 * for the chart; the rates (messages a second) come from the counters' deltas between readings.
 */
final class Sampler implements AutoCloseable {
    static final Duration INTERVAL = Duration.ofSeconds(2);
    static final Duration KEPT = Duration.ofMinutes(10);
    static final String SENT = "NumberOfMessagesSent";
    static final String RECEIVED = "NumberOfMessagesReceived";
    static final String DELETED = "NumberOfMessagesDeleted";

    /** One queue in the latest reading; a rate is null when the backend gives no counter or there is no earlier reading. */
    record QueueState(String name, boolean fifo, long visible, boolean counting, long inFlight, long delayed,
                      long oldestAgeSeconds,
                      String deadLetterQueue, int maxReceiveCount, List<String> sourceQueues,
                      Double sentPerSecond, Double receivedPerSecond, Double deletedPerSecond) {
    }

    /**
     * The latest reading: when it was taken (epoch ms, 0 before the first), the queues, and the
     * failure of the latest attempt ("" when it succeeded; the queues are then the last ones read).
     */
    record Snapshot(String store, long sampledAt, int intervalSeconds, List<QueueState> queues, String error) {
    }

    /** One reading of a queue for the chart. */
    record Point(long time, long visible, long inFlight, long delayed,
                 Double sentPerSecond, Double receivedPerSecond, Double deletedPerSecond) {
    }

    private final StoreMXBean store;
    private final String storeUrl;
    private final Duration interval;
    private final Duration kept;
    /** Hides the secrets of any store URL in a failure's text. */
    private final UnaryOperator<String> redact;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(work -> {
        Thread t = new Thread(work, "wharf-console-sampler");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, History> histories = new ConcurrentHashMap<>();
    private volatile Snapshot latest;

    /** Samples {@code store} (printed as {@code storeUrl}) every {@code interval}, keeping {@code kept} of history. */
    Sampler(StoreMXBean store, String storeUrl, Duration interval, Duration kept, UnaryOperator<String> redact) {
        if (interval.isNegative() || interval.isZero() || kept.compareTo(interval) < 0) {
            throw new IllegalArgumentException("Bad sampling: every " + interval + ", keeping " + kept);
        }
        this.store = store;
        this.storeUrl = storeUrl;
        this.interval = interval;
        this.redact = redact;
        this.kept = kept;
        this.latest = new Snapshot(storeUrl, 0, intervalSeconds(), List.of(), "");
    }

    /** Starts sampling now and then every interval. */
    void start() {
        thread.scheduleWithFixedDelay(this::sample, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Takes a reading soon, out of turn (after a change made from the page). */
    void sampleSoon() {
        try {
            thread.execute(this::sample);
        } catch (RejectedExecutionException closed) {
            // the console is stopping
        }
    }

    Snapshot latest() {
        return latest;
    }

    /** The readings of queue {@code queue} kept, oldest first; empty for a queue not read. */
    List<Point> history(String queue) {
        History h = histories.get(queue);
        return h == null ? List.of() : h.points();
    }

    private int intervalSeconds() {
        return (int) Math.max(1, interval.toSeconds());
    }

    /** One reading; a failure is kept in the snapshot, never thrown (that would end the schedule). */
    void sample() {
        long time = System.currentTimeMillis();
        long nanos = System.nanoTime();
        List<QueueRow> rows;
        try {
            rows = store.listQueueRows();
        } catch (RuntimeException e) {
            Snapshot last = latest;
            latest = new Snapshot(storeUrl, last.sampledAt(), last.intervalSeconds(), last.queues(),
                    redact.apply("The queues of store " + storeUrl + " cannot be read: " + StoreErrors.cause(e)));
            return;
        }
        Map<String, Set<String>> sources = new TreeMap<>();
        for (QueueRow row : rows) {
            if (!row.getDeadLetterQueue().isEmpty()) {
                sources.computeIfAbsent(row.getDeadLetterQueue(), q -> new TreeSet<>()).add(row.getName());
            }
        }
        List<QueueState> queues = new ArrayList<>(rows.size());
        Set<String> names = new TreeSet<>();
        for (QueueRow row : rows) {
            Map<String, Long> counters;
            try {
                counters = store.queueStatistics(row.getName());
            } catch (RuntimeException e) {
                counters = Map.of(); // deleted since the rows were read, or unreadable: no rates this time
            }
            names.add(row.getName());
            Point p = histories.computeIfAbsent(row.getName(), q -> new History())
                    .add(time, nanos, row, counters, kept.toMillis());
            queues.add(new QueueState(row.getName(), row.isFifo(), row.getVisible(), row.isCounting(), row.getNotVisible(),
                    row.getDelayed(), row.getOldestAgeSeconds(), row.getDeadLetterQueue(), row.getMaxReceiveCount(),
                    List.copyOf(sources.getOrDefault(row.getName(), Set.of())),
                    p.sentPerSecond(), p.receivedPerSecond(), p.deletedPerSecond()));
        }
        histories.keySet().retainAll(names);
        latest = new Snapshot(storeUrl, time, intervalSeconds(), List.copyOf(queues), "");
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }

    /** One queue's readings, and its counters at the latest one for the next rates. */
    private static final class History {
        private final ArrayDeque<Point> points = new ArrayDeque<>();
        private long lastNanos;
        private Map<String, Long> lastCounters = Map.of();

        synchronized Point add(long time, long nanos, QueueRow row, Map<String, Long> counters, long keptMillis) {
            double seconds = (nanos - lastNanos) / 1e9;
            boolean earlier = !points.isEmpty() && seconds > 0;
            Point p = new Point(time, row.getVisible(), row.getNotVisible(), row.getDelayed(),
                    earlier ? rate(SENT, counters, seconds) : null,
                    earlier ? rate(RECEIVED, counters, seconds) : null,
                    earlier ? rate(DELETED, counters, seconds) : null);
            points.addLast(p);
            while (points.peekFirst().time() < time - keptMillis) {
                points.removeFirst();
            }
            lastNanos = nanos;
            lastCounters = counters;
            return p;
        }

        /** Null when either reading lacks the counter (-1: the backend cannot give it) or it went back (a store reopened). */
        private Double rate(String counter, Map<String, Long> counters, double seconds) {
            Long now = counters.get(counter);
            Long before = lastCounters.get(counter);
            if (now == null || before == null || now < 0 || before < 0 || now < before) {
                return null;
            }
            return (now - before) / seconds;
        }

        synchronized List<Point> points() {
            return List.copyOf(points);
        }
    }
}
