package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.BATCH_REQUEST_TOO_LONG;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.derby.disk.Journal;
import org.wharfmq.store.derby.disk.Writes;
import org.wharfmq.store.derby.index.Dedup;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.Payload;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.QueueConfig;

/** SendMessage and SendMessageBatch: validation, deduplication and the durable insert. */
final class Sends {

    /** A send validated against {@code queue} as {@code config} set it, not yet applied. */
    record Plan(QueueState queue, QueueConfig config, SendMessageRequest request, MessageOptions.Options options,
                Payload content, int size, String dedupKey) {
        Plan to(QueueState other) {
            return new Plan(other, other.config, request, options, content, size, dedupKey);
        }

        String md5() {
            return content.md5();
        }

        /** Whether this plan still holds for {@code q}: the same queue, its attributes unchanged. */
        boolean validFor(QueueState q) {
            return queue == q && config == q.config;
        }
    }

    /** An applied send: its result, its message (null for a duplicate), the step that stores it and its payload bytes. */
    record Applied(SendResult result, Msg msg, Journal.Step step, CompletableFuture<Void> original, int bytes) {
    }

    private final QueueIndex index;

    Sends(QueueIndex index) {
        this.index = index;
    }

    SendResult send(SendMessageRequest r, MessageOptions.Options options) {
        CompletableFuture<Void> done;
        SendResult result;
        boolean inMemory;
        index.lock();
        try {
            QueueState q = index.queue(r.queueUrl());
            Plan plan = plan(q, r, options);
            // A FIFO queue writes every message, so that a group keeps its order across both kinds.
            inMemory = !options.durable() && !q.fifo();
            if (inMemory) {
                long reserved = plan.size + NonDurableMemory.OVERHEAD;
                boolean paced = index.memory().pace(q);
                if (index.memory().reserve(reserved) || paced) {
                    // The lock was released while waiting: the queue may have gone or changed.
                    try {
                        q = index.queue(r.queueUrl());
                        plan = plan.validFor(q) ? plan : plan(q, r, options);
                    } catch (RuntimeException e) {
                        index.memory().release(reserved);
                        throw e;
                    }
                }
            }
            Applied a = apply(plan, index.now(), -1, null, inMemory);
            result = a.result;
            done = submit(a, !options.durable());
        } finally {
            index.unlock();
        }
        if (options.durable()) {
            index.journal().await(done);
        } else if (!inMemory) {
            index.journal().throttle();
        }
        return result;
    }

    BatchResult<SendResult> sendBatch(String queueUrl, List<SendBatchEntry> entries) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(SendBatchEntry::id).toList());
        List<SendResult> ok = new ArrayList<>();
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            long total = 0;
            for (SendBatchEntry e : entries) {
                total += MessageRules.sizeOf(e.messageBody(), e.messageAttributes());
            }
            if (total > q.config.maximumMessageSize()) {
                throw new QueueServiceException(BATCH_REQUEST_TOO_LONG, "the batch's messages total " + total
                        + " bytes, over the queue's MaximumMessageSize " + q.config.maximumMessageSize());
            }
            long now = index.now();
            for (SendBatchEntry e : entries) {
                try {
                    Plan plan = plan(q, e.toRequest(queueUrl), MessageOptions.Options.DEFAULT);
                    Applied a = apply(plan, now, -1, null, false);
                    pending.add(submit(a, false));
                    SendResult r = a.result;
                    ok.add(new SendResult(e.id(), r.messageId(), r.md5OfMessageBody(), r.sequenceNumber()));
                } catch (QueueServiceException ex) {
                    failed.add(new BatchResultErrorEntry(e.id(), ex.code(), ex.detail(), ex.senderFault()));
                }
            }
        } finally {
            index.unlock();
        }
        pending.forEach(index.journal()::await);
        return new BatchResult<>(ok, failed);
    }

    /** Validates a send to {@code q}. Under the lock. */
    Plan plan(QueueState q, SendMessageRequest r, MessageOptions.Options options) {
        MessageRules.Send send = MessageRules.checkSend(q.name, q.config, r, options);
        Payload content = new Payload(r.messageBody(), r.messageAttributes());
        return new Plan(q, q.config, r, options, content, send.size(), send.dedupKey());
    }

    /**
     * Applies a validated send at {@code now} under the lock: a duplicate returns the original;
     * otherwise a new message (row {@code rowId}, or a new one when -1) and the step that stores it.
     * {@code sharedBody} is the body id of a topic publish whose body another step stores (or pins).
     * An {@code inMemory} message is never written: its step is {@link Journal#NONE} and its
     * payload is pinned in the body cache; the caller has reserved its memory.
     */
    Applied apply(Plan p, long now, long rowId, Long sharedBody, boolean inMemory) {
        return apply(p, now, now, rowId, sharedBody, inMemory);
    }

    /** {@link #apply(Plan, long, long, Long, boolean)} of a send asked for at {@code sentAt}, its SentTimestamp and the start of its delay. */
    Applied apply(Plan p, long now, long sentAt, long rowId, Long sharedBody, boolean inMemory) {
        QueueState q = p.queue;
        Dedup dedup = null;
        if (p.dedupKey != null) {
            dedup = index.queues().dedup(q);
            Dedup.Entry original = dedup.find(p.dedupKey, now, q.config.deduplicationWindow() * 1000L);
            if (original != null) {
                q.counters.deduplicated++;
                return new Applied(new SendResult(null, index.messageId(original.bodyId()), p.md5(),
                        Digests.sequenceNumber(original.seq())), null, null, original.durable(), 0);
            }
        }
        q.counters.sent++;
        long row = rowId >= 0 ? rowId : index.nextId();
        long seq = rowId >= 0 ? index.nextId() : row;
        long bodyId = sharedBody != null ? sharedBody : row;
        long delay = p.options.delayMillis() >= 0 ? p.options.delayMillis()
                : 1000L * (p.request.delaySeconds() != null ? p.request.delaySeconds() : q.config.delaySeconds());
        Msg m = new Msg(row, bodyId, sentAt, p.options.expirationTime(), p.options.priority(),
                q.fifo() ? p.request.messageGroupId() : null, q.fifo() ? p.request.messageDeduplicationId() : null);
        m.queue = q;
        m.seq = seq;
        m.visibleAt = sentAt + delay;
        m.state = delay > 0 ? Msg.DELAYED : Msg.QUEUED;
        m.inMemory = inMemory;
        String key = p.dedupKey;
        if (inMemory) {
            if (sharedBody == null) {
                index.bodies().pin(bodyId, p.content, p.size);
            }
            // Never FIFO, so never deduplicated.
            return new Applied(new SendResult(null, index.messageId(bodyId), p.md5(), null), m, Journal.NONE,
                    CompletableFuture.completedFuture(null), 0);
        }
        Writes.Row msgRow = Writes.Row.of(m);
        byte[] payload = sharedBody == null ? p.content.encode() : null;
        if (payload != null) {
            index.bodies().put(bodyId, p.content, payload.length);
        }
        int queueId = q.id;
        m.bodyInRow = payload != null;
        Journal.Step step = w -> {
            w.insertMessage(msgRow, payload);
            if (key != null) {
                w.insertDedup(queueId, key, bodyId, seq, now);
            }
        };
        CompletableFuture<Void> durable = new CompletableFuture<>();
        if (dedup != null) {
            dedup.accept(new Dedup.Entry(key, bodyId, seq, now, durable));
            cleanDedup(q, dedup, now);
        }
        SendResult result = new SendResult(null, index.messageId(bodyId), p.md5(),
                q.fifo() ? Digests.sequenceNumber(seq) : null);
        return new Applied(result, m, step, durable, payload == null ? 0 : payload.length);
    }

    /**
     * Submits an applied send; its message is published once durable. A background send's caller
     * does not wait: the journal thread writes it. Under the lock.
     */
    private CompletableFuture<Void> submit(Applied a, boolean background) {
        if (a.msg == null) {
            return a.original;
        }
        Msg m = a.msg;
        if (m.inMemory) {
            index.publish(m);
            return a.original;
        }
        Journal journal = index.journal();
        CompletableFuture<Void> done = background ? journal.submitInBackground(a.step, () -> index.publish(m), a.bytes)
                : journal.submit(a.step, () -> index.publish(m));
        done.whenComplete((v, e) -> {
            if (e == null) {
                a.original.complete(null);
            } else {
                a.original.completeExceptionally(e);
            }
        });
        return done;
    }

    private void cleanDedup(QueueState q, Dedup dedup, long now) {
        if (now - dedup.lastCleanup < 60_000) {
            return;
        }
        dedup.lastCleanup = now;
        long before = now - q.config.deduplicationWindow() * 1000L;
        int id = q.id;
        index.journal().post(w -> w.deleteDedupBefore(id, before));
    }
}
