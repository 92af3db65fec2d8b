package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.BatchResultErrorEntry;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.MessageRules;

/**
 * DeleteMessage and ChangeMessageVisibility, one by one or in batches: what a consumer does with
 * a message it holds in flight, named by its current receipt handle. Durable before they return.
 */
final class InFlight {
    private final QueueIndex index;

    InFlight(QueueIndex index) {
        this.index = index;
    }

    void delete(String queueUrl, String receiptHandle) {
        CompletableFuture<Void> done;
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            index.advance(q, index.now());
            Msg m = index.currentMessage(q, receiptHandle, false);
            q.counters.deleted++;
            done = index.delete(m);
        } finally {
            index.unlock();
        }
        index.journal().await(done);
    }

    BatchResult<String> deleteBatch(String queueUrl, List<BatchEntry<String>> entries) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(BatchEntry::id).toList());
        return eachEntry(entries, e -> delete(queueUrl, e.value()));
    }

    void changeVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        Receives.checkVisibilityTimeout(visibilityTimeoutSeconds);
        CompletableFuture<Void> done;
        index.lock();
        try {
            QueueState q = index.queue(queueUrl);
            long now = index.now();
            index.advance(q, now);
            Msg m = index.currentMessage(q, receiptHandle, true);
            done = index.changeVisibility(m, now + visibilityTimeoutSeconds * 1000L);
        } finally {
            index.unlock();
        }
        index.journal().await(done);
    }

    BatchResult<String> changeVisibilityBatch(String queueUrl, List<BatchEntry<VisibilityChange>> entries) {
        MessageRules.checkBatchIds(entries == null ? null : entries.stream().map(BatchEntry::id).toList());
        return eachEntry(entries, e -> changeVisibility(queueUrl, e.value().receiptHandle(),
                e.value().visibilityTimeoutSeconds()));
    }

    /** Runs each entry on its own; an entry's failure is its result, except a missing queue, which fails all. */
    private static <T> BatchResult<String> eachEntry(List<BatchEntry<T>> entries, Consumer<BatchEntry<T>> action) {
        List<String> ok = new ArrayList<>();
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        for (BatchEntry<T> e : entries) {
            try {
                if (e.value() == null) {
                    throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID,
                            "batch entry " + e.id() + " has no receipt handle");
                }
                action.accept(e);
                ok.add(e.id());
            } catch (QueueServiceException ex) {
                if (ex.code().equals(QUEUE_DOES_NOT_EXIST)) {
                    throw ex;
                }
                failed.add(new BatchResultErrorEntry(e.id(), ex.code(), ex.detail(), ex.senderFault()));
            }
        }
        return new BatchResult<>(ok, failed);
    }
}
