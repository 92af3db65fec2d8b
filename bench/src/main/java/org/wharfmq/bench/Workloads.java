package org.wharfmq.bench;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scenarios S1 to S6, S9 and S10, written once against plain JMS and run on every system. Each
 * returns its metrics by name: {@code msg/s} (S9: deliveries/s), and for the producer-consumer
 * scenarios {@code p50 ms} and {@code p99 ms} of end-to-end latency.
 */
final class Workloads {
    static final String BODY = "x".repeat(1024);
    static final int SUBSCRIPTIONS = 10;
    static final String CONTEXT = " JMSContext";
    private static final String SENT_AT = "sentAtNanos";

    private final Settings settings;

    Workloads(Settings settings) {
        this.settings = settings;
    }

    Map<String, Double> run(String scenario, BenchSystem system, String queue) throws Exception {
        ConnectionFactory cf = system.connectionFactory();
        return switch (scenario) {
            case "S1" -> Map.of("msg/s", syncSend(cf, system.queueName(queue, false)));
            case "S2" -> withContext(Map.of("msg/s", drain(cf, system.queueName(queue, false), false)),
                    Map.of("msg/s", drain(cf, system.queueName(queue + "-ctx", false), true)));
            case "S3" -> withContext(flow(system, queue, 4, false, DeliveryMode.PERSISTENT, false),
                    flow(system, queue + "-ctx", 4, false, DeliveryMode.PERSISTENT, true));
            case "S4" -> Map.of("msg/s", transactedSend(cf, system.queueName(queue, false)));
            case "S5" -> flow(system, queue, 4, true, DeliveryMode.PERSISTENT, false);
            case "S6" -> flow(system, queue, 1, false, DeliveryMode.NON_PERSISTENT, false);
            case "S9" -> fanOut(cf, queue);
            case "S10" -> manyQueues(cf, queue);
            default -> throw new IllegalArgumentException("no workload for " + scenario);
        };
    }

    /** The classic API's figures, then the same through JMSContext, named with {@value #CONTEXT}. */
    private static Map<String, Double> withContext(Map<String, Double> classic, Map<String, Double> context) {
        Map<String, Double> out = new LinkedHashMap<>(classic);
        context.forEach((metric, v) -> out.put(metric + CONTEXT, v));
        return out;
    }

    /** S1: one producer, synchronous persistent sends. */
    private double syncSend(ConnectionFactory cf, String queue) throws JMSException {
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            p.setDeliveryMode(DeliveryMode.PERSISTENT);
            long start = System.nanoTime();
            long end = start + settings.nanos();
            long n = 0;
            while (System.nanoTime() < end) {
                p.send(s.createTextMessage(BODY));
                n++;
            }
            return n / seconds(start);
        }
    }

    /** S2: one AUTO_ACKNOWLEDGE consumer draining a filled queue, through JMSContext with {@code context}. */
    private double drain(ConnectionFactory cf, String queue, boolean context) throws JMSException {
        int count = settings.drainCount();
        fill(cf, queue, count);
        if (context) {
            try (JMSContext ctx = cf.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
                JMSConsumer consumer = ctx.createConsumer(ctx.createQueue(queue));
                long start = System.nanoTime();
                for (int i = 0; i < count; i++) {
                    if (consumer.receive(10_000) == null) {
                        throw new IllegalStateException("S2: message " + i + " of " + count + " did not arrive");
                    }
                }
                return count / seconds(start);
            }
        }
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = s.createConsumer(s.createQueue(queue));
            c.start();
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                if (consumer.receive(10_000) == null) {
                    throw new IllegalStateException("S2: message " + i + " of " + count + " did not arrive");
                }
            }
            return count / seconds(start);
        }
    }

    /** Sends {@code count} messages in transactions of 100 (setup, not measured). */
    static void fill(ConnectionFactory cf, String queue, int count) throws JMSException {
        fill(cf, queue, count, BODY);
    }

    /** Sends {@code count} text messages of {@code body} in transactions of 100. */
    static void fill(ConnectionFactory cf, String queue, int count, String body) throws JMSException {
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            for (int i = 1; i <= count; i++) {
                p.send(s.createTextMessage(body));
                if (i % 100 == 0 || i == count) {
                    s.commit();
                }
            }
        }
    }

    /** S4: one transacted producer committing every 100 messages. */
    private double transactedSend(ConnectionFactory cf, String queue) throws JMSException {
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(true, Session.SESSION_TRANSACTED);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            long start = System.nanoTime();
            long end = start + settings.nanos();
            long n = 0;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 100; i++) {
                    p.send(s.createTextMessage(BODY));
                }
                s.commit();
                n += 100;
            }
            return n / seconds(start);
        }
    }

    /**
     * S3, S5, S6: {@code pairs} producers and as many AUTO_ACKNOWLEDGE consumers at once, each on its
     * own connection. Producers send for the scenario's time; the rate counts every message until
     * the last one is consumed. With {@code fifo}, messages carry one of 100 groups and a dedup id;
     * with {@code context}, producers and consumers use JMSContext.
     */
    private Map<String, Double> flow(BenchSystem system, String base, int pairs, boolean fifo, int mode,
                                     boolean context) throws Exception {
        String queue = system.queueName(base, fifo);
        ConnectionFactory cf = system.connectionFactory();
        AtomicLong sent = new AtomicLong();
        AtomicLong received = new AtomicLong();
        AtomicBoolean producing = new AtomicBoolean(true);
        Latencies latencies = new Latencies();
        ExecutorService pool = Executors.newFixedThreadPool(2 * pairs);
        List<Future<?>> tasks = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + settings.nanos();
        AtomicLong lastReceive = new AtomicLong(start);
        try {
            for (int i = 0; i < pairs; i++) {
                int producer = i;
                tasks.add(pool.submit(() -> {
                    if (context) {
                        produceWithContext(cf, queue, mode, end, sent);
                    } else {
                        produce(cf, ses -> List.of(ses.createQueue(queue)), system.dedupProperty(), producer, fifo,
                                mode, end, sent);
                    }
                    return null;
                }));
            }
            for (int i = 0; i < pairs; i++) {
                tasks.add(pool.submit(() -> {
                    consume(cf, queue, context, producing, sent, received, latencies, lastReceive);
                    return null;
                }));
            }
            for (int i = 0; i < pairs; i++) {
                tasks.get(i).get();
            }
            producing.set(false);
            for (Future<?> t : tasks) {
                t.get(120, TimeUnit.SECONDS);
            }
        } finally {
            producing.set(false);
            pool.shutdownNow();
        }
        return figures(received.get(), start, lastReceive.get(), latencies);
    }

    /** Sends until {@code end}, to each of {@code destinations} in turn. */
    private static void produce(ConnectionFactory cf, Destinations destinations, String dedupProperty, int producer,
                                boolean fifo, int mode, long end, AtomicLong sent) throws JMSException {
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            List<Destination> to = destinations.in(s);
            MessageProducer p = s.createProducer(null);
            p.setDeliveryMode(mode);
            for (long i = 0; System.nanoTime() < end; i++) {
                TextMessage m = s.createTextMessage(BODY);
                if (fifo) {
                    m.setStringProperty("JMSXGroupID", "g" + (producer * 25 + i % 25));
                    m.setStringProperty(dedupProperty, producer + "-" + i);
                }
                m.setLongProperty(SENT_AT, System.nanoTime());
                p.send(to.get((int) (i % to.size())), m);
                sent.incrementAndGet();
            }
        }
    }

    private static void produceWithContext(ConnectionFactory cf, String queue, int mode, long end, AtomicLong sent) {
        try (JMSContext ctx = cf.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
            JMSProducer p = ctx.createProducer().setDeliveryMode(mode);
            Queue q = ctx.createQueue(queue);
            while (System.nanoTime() < end) {
                p.setProperty(SENT_AT, System.nanoTime()).send(q, BODY);
                sent.incrementAndGet();
            }
        }
    }

    /** A consumer's receive, of either API. */
    private interface Receiver {
        Message receive(long timeoutMillis) throws JMSException;
    }

    private static void consume(ConnectionFactory cf, String queue, boolean context, AtomicBoolean producing,
                                AtomicLong sent, AtomicLong received, Latencies latencies, AtomicLong lastReceive)
            throws JMSException {
        if (context) {
            try (JMSContext ctx = cf.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
                JMSConsumer consumer = ctx.createConsumer(ctx.createQueue(queue));
                consume(consumer::receive, producing, sent, received, latencies, lastReceive);
            }
            return;
        }
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = s.createConsumer(s.createQueue(queue));
            c.start();
            consume(consumer::receive, producing, sent, received, latencies, lastReceive);
        }
    }

    /** Receives until the producers stopped and every message sent came. */
    private static void consume(Receiver consumer, AtomicBoolean producing, AtomicLong sent, AtomicLong received,
                                Latencies latencies, AtomicLong lastReceive) throws JMSException {
        Latencies mine = new Latencies();
        try {
            long idleSince = System.nanoTime();
            while (producing.get() || received.get() < sent.get()) {
                Message m = consumer.receive(100);
                long now = System.nanoTime();
                if (m == null) {
                    if (!producing.get() && now - idleSince > TimeUnit.SECONDS.toNanos(30)) {
                        throw new IllegalStateException("consumers waited 30 s for " + (sent.get() - received.get())
                                + " messages that never came");
                    }
                    continue;
                }
                idleSince = now;
                mine.add(now - m.getLongProperty(SENT_AT));
                received.incrementAndGet();
                lastReceive.accumulateAndGet(now, Math::max);
            }
        } finally {
            latencies.addAll(mine);
        }
    }

    /** The destinations a producer sends to, made in its session. */
    private interface Destinations {
        List<Destination> in(Session s) throws JMSException;
    }

    /**
     * S9: a topic with {@value #SUBSCRIPTIONS} durable subscriptions, one consumer each, and 4
     * publishers of persistent 1 KiB messages; the rate counts deliveries, every subscription's.
     */
    private Map<String, Double> fanOut(ConnectionFactory cf, String topic) throws Exception {
        List<Connection> subscribers = new ArrayList<>();
        List<MessageConsumer> consumers = new ArrayList<>();
        try {
            for (int i = 0; i < SUBSCRIPTIONS; i++) {
                Connection c = cf.createConnection();
                subscribers.add(c);
                c.setClientID(topic + "-c" + i);
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                consumers.add(s.createDurableConsumer(s.createTopic(topic), "sub" + i));
            }
            return deliver(subscribers, consumers, 4, cf, ses -> List.of(ses.createTopic(topic)), SUBSCRIPTIONS);
        } finally {
            for (Connection c : subscribers) {
                c.close();
            }
        }
    }

    /**
     * S10: {@link Settings#queues()} queues; 8 producers each send to all of them in turn, and 8
     * consumers each listen on an eighth of them. Also the heap that each new, empty queue takes
     * with its consumer, measured after a GC.
     */
    private Map<String, Double> manyQueues(ConnectionFactory cf, String base) throws Exception {
        int queues = settings.queues();
        List<Connection> listeners = new ArrayList<>();
        List<MessageConsumer> consumers = new ArrayList<>();
        try {
            long before = BigQueue.usedHeapAfterGc();
            for (int i = 0; i < 8; i++) {
                Connection c = cf.createConnection();
                listeners.add(c);
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                for (int q = i; q < queues; q += 8) {
                    consumers.add(s.createConsumer(s.createQueue(base + "-" + q)));
                }
            }
            double perQueue = (BigQueue.usedHeapAfterGc() - before) / 1024.0 / queues;
            Map<String, Double> figures = new LinkedHashMap<>(deliver(listeners, consumers, 8, cf, ses -> {
                List<Destination> all = new ArrayList<>();
                for (int q = 0; q < queues; q++) {
                    all.add(ses.createQueue(base + "-" + q));
                }
                return all;
            }, 1));
            figures.put("heap KiB per empty queue", perQueue);
            return figures;
        } finally {
            for (Connection c : listeners) {
                c.close();
            }
        }
    }

    /**
     * Gives each of {@code consumers} a listener, starts their connections, runs {@code producers}
     * for the scenario's time and waits until {@code copies} deliveries of every message came.
     */
    private Map<String, Double> deliver(List<Connection> connections, List<MessageConsumer> consumers, int producers,
                                        ConnectionFactory cf, Destinations to, int copies) throws Exception {
        AtomicLong sent = new AtomicLong();
        AtomicLong received = new AtomicLong();
        Latencies latencies = new Latencies();
        long start = System.nanoTime();
        AtomicLong lastReceive = new AtomicLong(start);
        for (MessageConsumer consumer : consumers) {
            consumer.setMessageListener(m -> {
                try {
                    long now = System.nanoTime();
                    latencies.add(now - m.getLongProperty(SENT_AT));
                    lastReceive.accumulateAndGet(now, Math::max);
                    received.incrementAndGet();
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        for (Connection c : connections) {
            c.start();
        }
        ExecutorService pool = Executors.newFixedThreadPool(producers);
        long end = start + settings.nanos();
        try {
            List<Future<?>> tasks = new ArrayList<>();
            for (int i = 0; i < producers; i++) {
                int producer = i;
                tasks.add(pool.submit(() -> {
                    produce(cf, to, "", producer, false, DeliveryMode.PERSISTENT, end, sent);
                    return null;
                }));
            }
            for (Future<?> t : tasks) {
                t.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long expected = sent.get() * copies;
        long idleSince = System.nanoTime();
        for (long seen = received.get(); seen < expected; seen = received.get()) {
            Thread.sleep(5);
            if (received.get() > seen) {
                idleSince = System.nanoTime();
            } else if (System.nanoTime() - idleSince > TimeUnit.SECONDS.toNanos(30)) {
                throw new IllegalStateException("consumers waited 30 s for " + (expected - received.get())
                        + " of " + expected + " deliveries that never came");
            }
        }
        return figures(received.get(), start, lastReceive.get(), latencies);
    }

    /** The rate of {@code received} messages from {@code start} to the last receive, and their latencies. */
    private static Map<String, Double> figures(long received, long start, long lastReceive, Latencies latencies) {
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("msg/s", received / ((lastReceive - start) / 1e9));
        out.put("p50 ms", latencies.percentileMillis(50));
        out.put("p99 ms", latencies.percentileMillis(99));
        return out;
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
