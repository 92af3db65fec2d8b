package org.wharfmq.store.sqs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * An HTTP relay on 127.0.0.1, on a free port, in front of an SQS server (an {@link ElasticMq} or a
 * {@link StoredElasticMq}), that injects server faults by script: throttling answers, HTTP 500 and
 * 503, connections reset before the request reaches the server or after the server acted, and
 * stalls longer than the client's timeout ({@link Fault}). Each {@link FaultScript} names the SQS
 * actions it covers, in either wire protocol, the share of their requests it hits and for how long.
 * Other requests go on to the server unchanged and come back unchanged but for the server's endpoint
 * in queue URLs, which becomes the relay's, so a client never goes around it. When the server is
 * down the relay resets the client's connection, as a refused connection would look, and counts it;
 * the relay keeps its port across the server's restarts. It counts what it injected, per fault and
 * per action.
 */
public final class FaultRelay implements AutoCloseable {
    private record Active(FaultScript script, long untilNanos, AtomicInteger hits) {
        /** Takes one of the script's hits; false once it has had them all. */
        boolean hit() {
            return script.times() == 0 || hits.incrementAndGet() <= script.times();
        }
    }

    private final ServerSocket listener;
    private final String target;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final ExecutorService threads;
    private final List<Active> scripts = new CopyOnWriteArrayList<>();
    private final Map<Fault, LongAdder> injected = new EnumMap<>(Fault.class);
    private final Map<String, LongAdder> injectedByAction = new ConcurrentHashMap<>();
    private final LongAdder turnedAway = new LongAdder();
    private final LongAdder relayed = new LongAdder();
    private final AtomicInteger stalled = new AtomicInteger();
    private final AtomicInteger throttleTurn = new AtomicInteger();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final CountDownLatch closing = new CountDownLatch(1);

    private FaultRelay(ServerSocket listener, String target) {
        this.listener = listener;
        this.target = target;
        for (Fault f : Fault.values()) {
            injected.put(f, new LongAdder());
        }
        AtomicInteger count = new AtomicInteger();
        // Long polls hold a thread each for up to 20 s, stalls longer: no fixed pool.
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fault-relay-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** A relay on a free port of 127.0.0.1 in front of the server at {@code targetEndpoint} ({@code http://host:port}). */
    public static FaultRelay start(String targetEndpoint) {
        ServerSocket listener;
        try {
            listener = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("no port for the fault relay on 127.0.0.1", e);
        }
        FaultRelay relay = new FaultRelay(listener, targetEndpoint);
        relay.threads.execute(relay::accept);
        return relay;
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket s;
            try {
                s = listener.accept();
            } catch (IOException e) {
                return;
            }
            open.add(s);
            threads.execute(() -> {
                try {
                    new FaultExchange(this, s).run();
                } finally {
                    open.remove(s);
                }
            });
        }
    }

    /** The relay's endpoint, {@code http://127.0.0.1:<port>}. */
    public String endpoint() {
        return "http://127.0.0.1:" + listener.getLocalPort();
    }

    /**
     * A store URL through this relay on {@code protocol} ({@code json} or {@code query}), with queue
     * names {@code <purpose><random>-<name>}.
     */
    public String storeUrl(String purpose, String protocol) {
        String prefix = purpose.replaceAll("[^A-Za-z0-9_-]", "") + UUID.randomUUID().toString().substring(0, 8) + "-";
        return "wharf:sqs:" + endpoint() + "?region=elasticmq&accessKeyId=x&secretAccessKey=x&protocol=" + protocol
                + "&prefix=" + prefix;
    }

    /** Adds scripts, each lasting from now for its {@link FaultScript#lasting()}. */
    public void inject(FaultScript... added) {
        long now = System.nanoTime();
        for (FaultScript s : added) {
            scripts.add(new Active(s, now + s.lasting().toNanos(), new AtomicInteger()));
        }
    }

    /** Ends every script: from now on requests are relayed plainly (stalls already begun run their course). */
    public void heal() {
        scripts.clear();
    }

    /** The script that hits a request of {@code action}, or null; counts the fault it injects. */
    FaultScript pick(String action) {
        long now = System.nanoTime();
        for (Active a : scripts) {
            if (now - a.untilNanos() >= 0) {
                scripts.remove(a);
            } else if (a.script().covers(action) && ThreadLocalRandom.current().nextDouble() < a.script().share()
                    && a.hit()) {
                injected.get(a.script().fault()).increment();
                injectedByAction.computeIfAbsent(a.script().fault() + " " + action, k -> new LongAdder()).increment();
                return a.script();
            }
        }
        relayed.increment();
        return null;
    }

    /** The throttling code of the next throttled request: SQS's two, in turn. */
    String throttlingCode() {
        return throttleTurn.getAndIncrement() % 2 == 0 ? "RequestThrottled" : "ThrottlingException";
    }

    /** How many requests got {@code fault} so far. */
    public long injected(Fault fault) {
        return injected.get(fault).sum();
    }

    /** Per {@code "<fault> <action>"}, how many requests got that fault so far, sorted. */
    public Map<String, Long> injectedByAction() {
        Map<String, Long> out = new TreeMap<>();
        injectedByAction.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** How many requests found the server down (their connection reset) so far. */
    public long turnedAway() {
        return turnedAway.sum();
    }

    /** How many requests went to the server without a fault so far. */
    public long relayed() {
        return relayed.sum();
    }

    void turnedAwayOne() {
        turnedAway.increment();
    }

    /** How many requests a stall holds now. */
    public int stalledNow() {
        return stalled.get();
    }

    /** Waits until no stall holds a request, up to {@code timeout}; true if none does. */
    public boolean awaitNoStalls(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (stalled.get() > 0) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
        return true;
    }

    /** Holds the calling request for {@code stall}, or until the relay closes. */
    void hold(Duration stall) {
        stalled.incrementAndGet();
        try {
            closing.await(stall.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ends a stall begun by {@link #hold}, once its request is done with. */
    void released() {
        stalled.decrementAndGet();
    }

    String target() {
        return target;
    }

    HttpClient http() {
        return http;
    }

    @Override
    public void close() {
        scripts.clear();
        closing.countDown();
        try {
            listener.close();
        } catch (IOException e) {
            // Closing anyway.
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException e) {
                // Closing anyway.
            }
        }
        threads.shutdownNow();
    }
}
