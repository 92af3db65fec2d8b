package org.wharfmq.store.sqs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.QueueServiceException;

/**
 * The deletes of consuming receives, sent in batches of up to 10 per queue by one thread, not
 * waited for: a message whose delete has not reached the server when the process dies is
 * delivered again after its visibility timeout. A delete waits up to 5 ms for others to share its
 * request; a FIFO queue's deletes are held as {@link #addFifo} says. Closing sends what is left.
 */
final class Deletes {
    private static final Logger LOG = LoggerFactory.getLogger(Deletes.class);
    private static final int BATCH = 10;
    /** How long a delete waits for others to share its request. */
    private static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private record Pending(String queueUrl, String receiptHandle) {
    }

    private static final Pending STOP = new Pending(null, null);

    private final ServerMessages messages;
    private final LinkedBlockingQueue<Pending> pending = new LinkedBlockingQueue<>();
    private final Map<String, List<String>> fifo = new HashMap<>();
    private final Thread sender;

    Deletes(ServerMessages messages) {
        this.messages = messages;
        this.sender = new Thread(this::run, "wharf-sqs-deletes");
        sender.setDaemon(true);
        sender.start();
    }

    void add(String queueUrl, String receiptHandle) {
        pending.add(new Pending(queueUrl, receiptHandle));
    }

    /**
     * A FIFO queue's delete, held until the next receive from the queue asks the server again
     * ({@link #flush}), 10 are held, or {@link #flushFifo} runs: the server releases a group only
     * once its message is deleted, and the deletes of one answer's messages share a request.
     */
    void addFifo(String queueUrl, String receiptHandle) {
        List<String> full = null;
        synchronized (fifo) {
            List<String> held = fifo.computeIfAbsent(queueUrl, k -> new ArrayList<>());
            held.add(receiptHandle);
            if (held.size() >= BATCH) {
                full = fifo.remove(queueUrl);
            }
        }
        if (full != null) {
            send(queueUrl, full);
        }
    }

    /** Sends a FIFO queue's held deletes, on the caller's thread. */
    void flush(String queueUrl) {
        List<String> held;
        synchronized (fifo) {
            held = fifo.remove(queueUrl);
        }
        if (held != null) {
            send(queueUrl, held);
        }
    }

    /** Sends every FIFO queue's held deletes, on the caller's thread. */
    void flushFifo() {
        List<String> queues;
        synchronized (fifo) {
            queues = List.copyOf(fifo.keySet());
        }
        queues.forEach(this::flush);
    }

    private void run() {
        List<Pending> taken = new ArrayList<>();
        while (true) {
            try {
                taken.add(pending.take());
                fill(taken);
            } catch (InterruptedException e) {
                return;
            }
            pending.drainTo(taken);
            boolean stop = taken.remove(STOP);
            Map<String, List<String>> byQueue = new LinkedHashMap<>();
            for (Pending p : taken) {
                byQueue.computeIfAbsent(p.queueUrl(), k -> new ArrayList<>()).add(p.receiptHandle());
            }
            taken.clear();
            byQueue.forEach(this::send);
            if (stop) {
                return;
            }
        }
    }

    /** Waits up to {@link #LINGER_NANOS} for a batch of 10 to fill, unless closing. */
    private void fill(List<Pending> taken) throws InterruptedException {
        long until = System.nanoTime() + LINGER_NANOS;
        while (taken.size() < BATCH && !taken.contains(STOP)) {
            long left = until - System.nanoTime();
            Pending p = left > 0 ? pending.poll(left, TimeUnit.NANOSECONDS) : null;
            if (p == null) {
                return;
            }
            taken.add(p);
        }
    }

    private void send(String queueUrl, List<String> handles) {
        for (int i = 0; i < handles.size(); i += BATCH) {
            List<BatchEntry<String>> entries = new ArrayList<>();
            for (String h : handles.subList(i, Math.min(handles.size(), i + BATCH))) {
                entries.add(new BatchEntry<>("m" + entries.size(), h));
            }
            try {
                BatchResult<String> r = messages.deleteMessageBatch(queueUrl, entries);
                if (!r.failed().isEmpty()) {
                    LOG.warn("{} of {} consumed messages of {} were not deleted and will be delivered again: {}",
                            r.failed().size(), entries.size(), queueUrl, r.failed().get(0).message());
                }
            } catch (QueueServiceException e) {
                LOG.warn("{} consumed messages of {} were not deleted and will be delivered again: {}",
                        entries.size(), queueUrl, e.getMessage());
            }
        }
    }

    /** Sends what is pending and stops, waiting up to 10 s. */
    void close() {
        flushFifo();
        pending.add(STOP);
        try {
            sender.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
