package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.INVALID_TRANSACTION_STATE;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiPredicate;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.model.Digests;

/**
 * A local transaction: its sends, publishes, deletes and visibility changes are buffered (each
 * checked when it is buffered), then applied in one PostgreSQL transaction at commit, all or none.
 */
final class PgTransaction implements StoreTransaction {
    /** One buffered step, applied in the commit's unit. */
    @FunctionalInterface
    interface Step {
        void apply(Unit u) throws SQLException;
    }

    private final PgContext ctx;
    private final Queues queues;
    private final Sends sends;
    private final InFlight inFlight;
    private final PgTopics topics;
    private final List<Step> steps = new ArrayList<>();
    private final List<Delete> deletes = new ArrayList<>();
    private final Map<String, Queues.Queue> seen = new HashMap<>();
    /** The first send of each (queue, dedup key) buffered here. */
    private final Map<String, SendResult> buffered = new HashMap<>();
    private boolean done;

    PgTransaction(PgContext ctx, Queues queues, Sends sends, InFlight inFlight, PgTopics topics) {
        this.ctx = ctx;
        this.queues = queues;
        this.sends = sends;
        this.inFlight = inFlight;
        this.topics = topics;
    }

    private Queues.Queue queue(String url) {
        Queues.Queue q = seen.get(url);
        if (q == null) {
            q = ctx.run("transaction", u -> queues.find(u, url));
            seen.put(url, q);
        }
        return q;
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options) {
        open();
        Sends.Plan plan = sends.plan(queue(request.queueUrl()), request, options);
        String md5 = Digests.md5(request.messageBody());
        if (plan.dedupKey() != null) {
            // A duplicate, of a message sent before or earlier in this transaction, answers with the original's id.
            String key = plan.queue().id() + "\u0000" + plan.dedupKey();
            SendResult original = buffered.get(key);
            if (original == null) {
                original = ctx.run("transaction", u -> sends.original(u, plan.queue(), plan.dedupKey()));
            }
            if (original != null) {
                steps.add(u -> sends.apply(u, replan(u, plan), null));
                return new SendResult(null, original.messageId(), md5, original.sequenceNumber());
            }
            String id = UUID.randomUUID().toString();
            buffered.put(key, new SendResult(null, id, md5, null));
            steps.add(u -> sends.apply(u, replan(u, plan), id));
            return new SendResult(null, id, md5, null);
        }
        String id = UUID.randomUUID().toString();
        steps.add(u -> sends.apply(u, replan(u, plan), id));
        return new SendResult(null, id, md5, null);
    }

    @Override
    public SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                              BiPredicate<String, MessageHeaders> accept) {
        open();
        String id = UUID.randomUUID().toString();
        topics.check(topicName, request, options);
        long sentAt = ctx.now();
        steps.add(u -> topics.publish(u, topicName, request, options, accept, id, sentAt));
        return new SendResult(null, id, Digests.md5(request.messageBody()), null);
    }

    /** {@code plan} checked again against its queue as the commit finds it, still sent when it was asked. */
    private Sends.Plan replan(Unit u, Sends.Plan plan) throws SQLException {
        return sends.plan(queues.find(u, plan.request().queueUrl()), plan.request(), plan.options()).askedAt(plan.sentAt());
    }

    /** A buffered delete: a rollback of the XA branch that holds it gives the message back {@code seconds} later. */
    record Delete(String queueUrl, String receiptHandle, int seconds) {
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        deleteMessage(queueUrl, receiptHandle, 0);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle, int releaseSeconds) {
        open();
        queue(queueUrl);
        deletes.add(new Delete(queueUrl, receiptHandle, releaseSeconds));
        steps.add(u -> inFlight.delete(u, queues.find(u, queueUrl), receiptHandle));
    }

    /** The deletes buffered, in order. */
    List<Delete> deletes() {
        return deletes;
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        open();
        org.wharfmq.store.model.Ranges.VISIBILITY_TIMEOUT.check("VisibilityTimeout", visibilityTimeoutSeconds);
        queue(queueUrl);
        steps.add(u -> inFlight.changeVisibility(u, queues.find(u, queueUrl), receiptHandle,
                visibilityTimeoutSeconds));
    }

    @Override
    public boolean isEmpty() {
        return steps.isEmpty();
    }

    @Override
    public void commit() {
        open();
        done = true;
        if (steps.isEmpty()) {
            return;
        }
        ctx.run("Commit", u -> {
            apply(u);
            return null;
        });
    }

    /** Applies every step in {@code u}. */
    void apply(Unit u) throws SQLException {
        for (Step s : steps) {
            s.apply(u);
        }
        u.flush();
    }

    @Override
    public void rollback() {
        done = true;
        steps.clear();
        deletes.clear();
    }

    /** Ends the transaction without applying it, keeping its deletes for the caller to release. */
    void abandon() {
        done = true;
        steps.clear();
    }

    private void open() {
        if (done) {
            throw new QueueServiceException(INVALID_TRANSACTION_STATE, "the transaction has ended");
        }
    }
}
