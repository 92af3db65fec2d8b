package org.wharfmq.store.contract.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.contract.Backend;

/**
 * Eight threads sending, receiving and deleting on one queue (or each on a queue of its own), on a
 * transient and on a durable store, with the real clock: a visibility timeout far longer than the
 * test means any second delivery is a bug.
 */
public abstract class ConcurrencyContract {
    private static final int THREADS = 8;
    private static final int PER_THREAD = 60;
    private static final int GROUPS = 4;
    private static final int PER_GROUP = 60;
    private static final int VISIBILITY = 3600;
    /** How long the threads go on draining; a lost message shows as a missing id after it. */
    private static final long DRAIN_SECONDS = 60;

    @TempDir
    Path dir;

    private QueueService service;
    private ExecutorService pool;

    /** The backend under test. */
    protected abstract Backend backend();

    @AfterEach
    void close() throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
        if (service != null) {
            service.close();
        }
    }

    private void open(String kind) {
        service = QueueServices.open(kind.equals("transient")
                ? backend().storeUrl("concurrency")
                : backend().durableStoreUrl(dir.resolve("store")));
        pool = Executors.newFixedThreadPool(THREADS);
    }

    /** What a run saw: ids sent, deliveries per id, and per group the message numbers in delete order. */
    private record Outcome(Set<String> sent, Map<String, Integer> deliveries, Map<String, List<Integer>> deleted) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"transient", "durable"})
    void standardQueueDeliversNoMessageTwiceWithinItsVisibilityTimeout(String kind) throws Exception {
        open(kind);
        Outcome outcome = runStandard();
        List<String> twice = outcome.deliveries().entrySet().stream()
                .filter(e -> e.getValue() > 1).map(Map.Entry::getKey).toList();
        assertEquals(List.of(), twice, "delivered more than once within the visibility timeout");
    }

    @ParameterizedTest
    @ValueSource(strings = {"transient", "durable"})
    void standardQueueLosesNoMessageUnderConcurrentLoad(String kind) throws Exception {
        open(kind);
        Outcome outcome = runStandard();
        assertEquals(THREADS * PER_THREAD, outcome.sent().size());
        assertEquals(outcome.sent(), outcome.deliveries().keySet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"transient", "durable"})
    void fifoQueueProcessesEachGroupInSendOrder(String kind) throws Exception {
        open(kind);
        Outcome outcome = runFifo();
        List<Integer> inOrder = IntStream.range(0, PER_GROUP).boxed().toList();
        for (int g = 0; g < GROUPS; g++) {
            assertEquals(inOrder, outcome.deleted().get("g" + g), "order of deletes in group g" + g);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"transient", "durable"})
    void fifoQueueLosesNoMessageUnderConcurrentLoad(String kind) throws Exception {
        open(kind);
        Outcome outcome = runFifo();
        assertEquals(GROUPS * PER_GROUP, outcome.sent().size());
        assertEquals(outcome.sent(), outcome.deliveries().keySet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"transient", "durable"})
    void receivesOfManyQueuesAtOnceTakeOnlyTheirOwnQueuesMessagesOnceEach(String kind) throws Exception {
        open(kind);
        FilteredReceive consumer = backend().has(FilteredReceive.class)
                ? backend().capability(service, FilteredReceive.class) : null;
        List<String> urls = new ArrayList<>();
        for (int q = 0; q < THREADS; q++) {
            String url = service.createQueue("many-" + q, Map.of("VisibilityTimeout", Integer.toString(VISIBILITY)));
            urls.add(url);
            for (int n = 0; n < PER_THREAD; n++) {
                service.sendMessage(SendMessageRequest.of(url, "q" + q + ":" + n));
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
        List<Future<List<String>>> workers = new ArrayList<>();
        for (int q = 0; q < THREADS; q++) {
            String url = urls.get(q);
            // Half the threads receive and delete, half consume (where the backend can): both ways of taking.
            boolean consume = consumer != null && q % 2 == 1;
            int max = 1 + q % 3;
            workers.add(pool.submit(() -> {
                List<String> bodies = new ArrayList<>();
                while (bodies.size() < PER_THREAD && System.nanoTime() < deadline) {
                    ReceiveMessageRequest r = ReceiveMessageRequest.of(url, max);
                    List<ReceivedMessage> got = consume ? consumer.consumeMessage(r, 1000, null, () -> false)
                            : service.receiveMessage(r.withWaitTimeSeconds(1));
                    for (ReceivedMessage m : got) {
                        bodies.add(m.body());
                        if (!consume) {
                            service.deleteMessage(url, m.receiptHandle());
                        }
                    }
                }
                return bodies;
            }));
        }
        for (int q = 0; q < THREADS; q++) {
            List<String> bodies = new ArrayList<>(workers.get(q).get(2 * DRAIN_SECONDS, TimeUnit.SECONDS));
            Collections.sort(bodies);
            int queue = q;
            List<String> expected = IntStream.range(0, PER_THREAD).mapToObj(n -> "q" + queue + ":" + n).sorted().toList();
            assertEquals(expected, bodies, "what the receives of queue many-" + q + " took");
            Map<String, String> left = service.getQueueAttributes(urls.get(q),
                    List.of("ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"));
            assertEquals(Map.of("ApproximateNumberOfMessages", "0", "ApproximateNumberOfMessagesNotVisible", "0"), left,
                    "what queue many-" + q + " holds after");
        }
    }

    /** Every thread sends its share, receiving and deleting between sends, then drains the queue. */
    private Outcome runStandard() throws Exception {
        String url = service.createQueue("load", Map.of("VisibilityTimeout", Integer.toString(VISIBILITY)));
        Set<String> sent = ConcurrentHashMap.newKeySet();
        Map<String, Integer> deliveries = new ConcurrentHashMap<>();
        AtomicInteger deletes = new AtomicInteger();
        int total = THREADS * PER_THREAD;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            workers.add(pool.submit(() -> {
                for (int i = 0; i < PER_THREAD; i++) {
                    sent.add(service.sendMessage(SendMessageRequest.of(url, "t" + thread + "-" + i)).messageId());
                    if (i % 3 == 0) {
                        consume(url, 0, deliveries, deletes, null);
                    }
                }
                while (deletes.get() < total && System.nanoTime() < deadline
                        && !Thread.currentThread().isInterrupted()) {
                    consume(url, 1, deliveries, deletes, null);
                }
                return null;
            }));
        }
        awaitAll(workers);
        return new Outcome(sent, deliveries, Map.of());
    }

    /**
     * Threads 0..GROUPS-1 each send one group in order (so send order is known) while all threads
     * receive and delete. A delete and its record happen under the group's lock: the next message
     * of a group cannot be received before the delete returns, so records follow delete order.
     */
    private Outcome runFifo() throws Exception {
        String url = service.createQueue("load.fifo", Map.of("VisibilityTimeout", Integer.toString(VISIBILITY)));
        Set<String> sent = ConcurrentHashMap.newKeySet();
        Map<String, Integer> deliveries = new ConcurrentHashMap<>();
        Map<String, List<Integer>> deleted = new ConcurrentHashMap<>();
        for (int g = 0; g < GROUPS; g++) {
            deleted.put("g" + g, Collections.synchronizedList(new ArrayList<>()));
        }
        AtomicInteger deletes = new AtomicInteger();
        int total = GROUPS * PER_GROUP;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRAIN_SECONDS);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            workers.add(pool.submit(() -> {
                if (thread < GROUPS) {
                    String group = "g" + thread;
                    for (int i = 0; i < PER_GROUP; i++) {
                        sent.add(service.sendMessage(SendMessageRequest.fifo(url, group + ":" + i, group,
                                group + "-" + i)).messageId());
                        if (i % 3 == 0) {
                            consume(url, 0, deliveries, deletes, deleted);
                        }
                    }
                }
                while (deletes.get() < total && System.nanoTime() < deadline
                        && !Thread.currentThread().isInterrupted()) {
                    consume(url, 1, deliveries, deletes, deleted);
                }
                return null;
            }));
        }
        awaitAll(workers);
        return new Outcome(sent, deliveries, deleted);
    }

    /** One receive; every message is counted, then deleted (recording group order when asked). */
    private void consume(String url, int waitSeconds, Map<String, Integer> deliveries, AtomicInteger deletes,
                         Map<String, List<Integer>> deletedByGroup) {
        List<ReceivedMessage> got = service.receiveMessage(
                ReceiveMessageRequest.of(url, 10).withWaitTimeSeconds(waitSeconds));
        for (ReceivedMessage m : got) {
            deliveries.merge(m.messageId(), 1, Integer::sum);
            if (deletedByGroup == null) {
                service.deleteMessage(url, m.receiptHandle());
            } else {
                List<Integer> order = deletedByGroup.get(m.messageGroupId());
                synchronized (order) {
                    service.deleteMessage(url, m.receiptHandle());
                    order.add(Integer.parseInt(m.body().substring(m.body().indexOf(':') + 1)));
                }
            }
            deletes.incrementAndGet();
        }
    }

    /** Waits for the workers; their draining ends by itself, so the timeout only guards against a hang. */
    private static void awaitAll(List<Future<?>> workers) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2 * DRAIN_SECONDS);
        for (Future<?> f : workers) {
            f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }
}
