package org.wharfmq.jms.management;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import jakarta.jms.JMSException;
import org.wharfmq.jms.QueueMetrics;
import org.wharfmq.jms.WharfConnectionFactory;

/**
 * Micrometer meters for the queues of the store a {@link WharfConnectionFactory} names: per queue,
 * {@code wharf.queue.<CloudWatch metric name>} tagged {@code queue=<name>} (gauges for the
 * Approximate* figures, function counters for the Number* counters), and the gauge
 * {@code wharf.queues}, the number of queues measured. Reading {@code wharf.queues} (a scrape)
 * rescans the store's queues through {@link org.wharfmq.jms.QueueAdmin#listQueues} at most every
 * 10 s, so new queues get meters and deleted ones lose them; a queue's figures are read once a
 * second at most. A figure the backend cannot give ({@link QueueMetrics#UNKNOWN}) gets no meter.
 * Micrometer is an optional dependency of the provider, used by this class only.
 */
public final class WharfMetrics implements MeterBinder {
    /** The prefix of the per-queue meters' names. */
    public static final String PREFIX = "wharf.queue.";
    private static final long RESCAN_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long FRESH_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final WharfConnectionFactory factory;
    private final Tags tags;
    /** For each registry bound, the meters of each queue measured. */
    private final Map<MeterRegistry, Map<String, List<Meter>>> bound = new HashMap<>();
    private final Map<String, Figures> figures = new HashMap<>();
    private long scannedAt;

    /** Meters for the queues of {@code factory}'s store, as {@code factory}'s user may administer them. */
    public WharfMetrics(WharfConnectionFactory factory) {
        this(factory, Tags.empty());
    }

    /** As {@link #WharfMetrics(WharfConnectionFactory)}, every meter with {@code tags} too. */
    public WharfMetrics(WharfConnectionFactory factory, Iterable<Tag> tags) {
        this.factory = factory;
        this.tags = Tags.of(tags);
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        bound.putIfAbsent(registry, new HashMap<>());
        Gauge.builder("wharf.queues", this, WharfMetrics::scan).tags(tags).strongReference(true)
                .description("Wharf queues measured").register(registry);
        rescan();
    }

    /** Rescans the store's queues now: meters for new queues, none for deleted ones. */
    public synchronized void rescan() {
        scannedAt = System.nanoTime();
        List<String> names;
        try {
            names = factory.admin().listQueues(null);
        } catch (JMSException | RuntimeException e) {
            return;
        }
        Set<String> current = new HashSet<>(names);
        figures.keySet().retainAll(current);
        for (Map.Entry<MeterRegistry, Map<String, List<Meter>>> b : bound.entrySet()) {
            Map<String, List<Meter>> meters = b.getValue();
            for (String gone : new ArrayList<>(meters.keySet())) {
                if (!current.contains(gone)) {
                    meters.remove(gone).forEach(b.getKey()::remove);
                }
            }
            for (String name : names) {
                if (!meters.containsKey(name)) {
                    meters.put(name, register(b.getKey(), figures.computeIfAbsent(name, Figures::new)));
                }
            }
        }
    }

    private synchronized double scan() {
        if (System.nanoTime() - scannedAt > RESCAN_NANOS) {
            rescan();
        }
        return figures.size();
    }

    private List<Meter> register(MeterRegistry registry, Figures queue) {
        Tags queueTags = tags.and("queue", queue.name);
        List<Meter> meters = new ArrayList<>();
        Map<String, Long> now = queue.read();
        if (now == null) {
            return meters;
        }
        for (String metric : QueueMetrics.NAMES) {
            if (now.get(metric) == QueueMetrics.UNKNOWN) {
                continue;
            }
            if (metric.startsWith("Approximate")) {
                meters.add(Gauge.builder(PREFIX + metric, queue, q -> q.value(metric)).tags(queueTags)
                        .strongReference(true).baseUnit(metric.endsWith("AgeOfOldestMessage") ? "seconds"
                                : "messages").register(registry));
            } else {
                meters.add(FunctionCounter.builder(PREFIX + metric, queue, q -> q.value(metric)).tags(queueTags)
                        .register(registry));
            }
        }
        return meters;
    }

    /** One queue's figures, read once for all its meters and kept for a second. */
    private final class Figures {
        final String name;
        private Map<String, Long> last;
        private long readAt;

        Figures(String name) {
            this.name = name;
        }

        synchronized Map<String, Long> read() {
            long now = System.nanoTime();
            if (last == null || now - readAt > FRESH_NANOS) {
                try {
                    last = factory.admin().statistics(name).asMap();
                } catch (JMSException | RuntimeException e) {
                    last = null;
                }
                readAt = now;
            }
            return last;
        }

        double value(String metric) {
            Map<String, Long> now = read();
            return now == null ? Double.NaN : now.get(metric);
        }
    }
}
