package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.INVALID_TRANSACTION_STATE;
import static org.wharfmq.store.ErrorCodes.RECEIPT_HANDLE_IS_INVALID;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.derby.disk.Journal;
import org.wharfmq.store.derby.index.Dedup;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.Names;

/**
 * A local transaction: sends, publishes, deletes and visibility changes buffered until commit,
 * which checks every receipt handle first and then writes everything in one journal entry.
 */
class DerbyTransaction implements StoreTransaction {

    /** A buffered operation. */
    sealed interface Op permits Send, Delete, Visibility {
    }

    /**
     * A send to a queue ({@code topic} null) or a publish to a topic; {@code id} is its reserved row or body;
     * {@code plan} its validation (null if none yet), reused at commit while its queue is the same;
     * {@code sentAt} when it was asked for, its SentTimestamp (-1: unknown, the commit's time).
     */
    record Send(String queueUrl, String topic, SendMessageRequest request, MessageOptions.Options options, long id,
                BiPredicate<String, MessageHeaders> accept, Sends.Plan plan, long sentAt) implements Op {
        Send withPlan(Sends.Plan p) {
            return new Send(queueUrl, topic, request, options, id, accept, p, sentAt);
        }
    }

    /** A delete; {@code releaseSeconds}: how long the message stays invisible if an XA rollback gives it back. */
    record Delete(String queueUrl, String receiptHandle, int releaseSeconds) implements Op {
    }

    record Visibility(String queueUrl, String receiptHandle, int seconds) implements Op {
    }

    /** The messages a transaction's deletes and visibility changes name, checked and not yet changed. */
    record Checked(List<Msg> deletes, List<Msg> changes, List<Integer> changeSeconds) {
    }

    private final QueueIndex index;
    private final Sends sends;
    private final DerbyTopics topics;
    private final List<Op> ops;
    private boolean done;

    DerbyTransaction(QueueIndex index, Sends sends, DerbyTopics topics) {
        this(index, sends, topics, new ArrayList<>());
    }

    /** The transaction of a recovered XA branch, its operations ({@code ops}, which it keeps) buffered. */
    DerbyTransaction(QueueIndex index, Sends sends, DerbyTopics topics, List<Op> ops) {
        this.index = index;
        this.sends = sends;
        this.topics = topics;
        this.ops = ops;
    }

    /** The buffered operations, in order; for reading only. */
    List<Op> ops() {
        return ops;
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options) {
        checkActive();
        index.lock();
        try {
            QueueState q = index.queue(request.queueUrl());
            Sends.Plan plan = sends.plan(q, request, options);
            Long original = plan.dedupKey() == null ? null : original(q, plan);
            if (original != null) {
                q.counters.deduplicated++;
                return new SendResult(null, index.messageId(original), plan.md5(), null);
            }
            long row = index.nextId();
            ops.add(new Send(request.queueUrl(), null, request, options, row, null, plan, index.now()));
            return new SendResult(null, index.messageId(row), plan.md5(), null);
        } finally {
            index.unlock();
        }
    }

    /**
     * The row of the message a send with {@code plan}'s deduplication key would duplicate: an
     * earlier send of this transaction, or one accepted within the window; null if none.
     */
    private Long original(QueueState q, Sends.Plan plan) {
        for (Op op : ops) {
            if (op instanceof Send s && s.plan() != null && s.plan().queue() == q
                    && plan.dedupKey().equals(s.plan().dedupKey())) {
                return s.id();
            }
        }
        Dedup.Entry accepted = index.queues().dedup(q).find(plan.dedupKey(), index.now(),
                q.config.deduplicationWindow() * 1000L);
        return accepted == null ? null : accepted.bodyId();
    }

    @Override
    public SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                              BiPredicate<String, MessageHeaders> accept) {
        checkActive();
        index.lock();
        try {
            QueueState probe = topics.anySubscriptionOrNull(topicName);
            String md5 = probe == null ? Digests.md5(request.messageBody()) : sends.plan(probe, request, options).md5();
            long body = index.nextId();
            ops.add(new Send(null, topicName, request, options, body, accept, null, index.now()));
            return new SendResult(null, index.messageId(body), md5, null);
        } finally {
            index.unlock();
        }
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        deleteMessage(queueUrl, receiptHandle, 0);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle, int releaseSeconds) {
        checkActive();
        Receives.checkVisibilityTimeout(releaseSeconds);
        ops.add(new Delete(queueUrl, receiptHandle, releaseSeconds));
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        checkActive();
        Receives.checkVisibilityTimeout(visibilityTimeoutSeconds);
        ops.add(new Visibility(queueUrl, receiptHandle, visibilityTimeoutSeconds));
    }

    @Override
    public boolean isEmpty() {
        return ops.isEmpty();
    }

    @Override
    public void commit() {
        checkActive();
        done = true;
        CompletableFuture<Void> durable;
        index.lock();
        try {
            Checked checked = check();
            List<Journal.Step> steps = new ArrayList<>();
            List<Runnable> publish = new ArrayList<>();
            applyChanges(checked, steps);
            applySends(steps, publish);
            durable = submit(steps, publish);
        } finally {
            index.unlock();
        }
        index.journal().await(durable);
    }

    @Override
    public void rollback() {
        done = true;
        ops.clear();
    }

    /**
     * Checks every handle of the transaction, and validates again a send whose queue's attributes
     * changed since it was made; throws, changing nothing. Under the lock.
     */
    Checked check() {
        List<Msg> deletes = new ArrayList<>();
        List<Msg> changes = new ArrayList<>();
        List<Integer> seconds = new ArrayList<>();
        Set<Long> deleted = new HashSet<>();
        long now = index.now();
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            if (op instanceof Delete d) {
                QueueState q = index.queue(d.queueUrl());
                index.advance(q, now);
                Msg m = index.currentMessage(q, d.receiptHandle(), false);
                if (deleted.add(m.rowId)) {
                    deletes.add(m);
                }
            } else if (op instanceof Visibility v) {
                QueueState q = index.queue(v.queueUrl());
                index.advance(q, now);
                Msg m = index.currentMessage(q, v.receiptHandle(), false);
                if (deleted.contains(m.rowId)) {
                    throw new QueueServiceException(RECEIPT_HANDLE_IS_INVALID, "receipt handle "
                            + v.receiptHandle() + " names a message this transaction deletes");
                }
                changes.add(m);
                seconds.add(v.seconds());
            } else if (op instanceof Send s && s.topic == null) {
                QueueState q = index.queue(s.queueUrl());
                if (s.plan == null || !s.plan.validFor(q)) {
                    ops.set(i, s.withPlan(sends.plan(q, s.request, s.options)));
                }
            }
        }
        return new Checked(deletes, changes, seconds);
    }

    /** Applies checked deletes and visibility changes. Under the lock. */
    void applyChanges(Checked c, List<Journal.Step> steps) {
        long now = index.now();
        for (Msg m : c.deletes()) {
            if (m.state == Msg.HELD) {
                m.queue.unhold(m);
            }
            m.queue.counters.deleted++;
            m.queue.remove(m);
            steps.add(index.forget(m));
        }
        for (int i = 0; i < c.changes().size(); i++) {
            Msg m = c.changes().get(i);
            if (m.state == Msg.HELD) {
                m.queue.unhold(m);
            }
            if (!m.live()) {
                continue;
            }
            m.queue.changeVisibility(m, now + c.changeSeconds().get(i) * 1000L);
            steps.add(index.update(m));
            index.advance(m.queue, now);
        }
    }

    /** Applies the buffered sends and publishes. Under the lock; a send to a queue gone since is dropped. */
    void applySends(List<Journal.Step> steps, List<Runnable> publish) {
        long now = index.now();
        for (Op op : ops) {
            if (!(op instanceof Send s)) {
                continue;
            }
            long sentAt = s.sentAt >= 0 ? s.sentAt : now;
            if (s.topic != null) {
                topics.fanOut(s.topic, s.request, s.options, s.accept, s.id, sentAt, steps, publish, false);
                continue;
            }
            QueueState q = index.queues().named(Names.nameOfUrl(s.queueUrl));
            if (q == null) {
                continue;
            }
            // A plan checked at commit or at XA prepare holds even if the attributes changed since;
            // a branch recovered after a restart has none.
            Sends.Plan plan = s.plan != null && s.plan.queue() == q ? s.plan : sends.plan(q, s.request, s.options);
            Sends.Applied a = sends.apply(plan, now, sentAt, s.id, null, false);
            if (a.msg() != null) {
                steps.add(a.step());
                Msg m = a.msg();
                publish.add(() -> index.publish(m));
                a.original().complete(null);
            }
        }
    }

    CompletableFuture<Void> submit(List<Journal.Step> steps, List<Runnable> publish) {
        return index.journal().submitAll(steps, () -> publish.forEach(Runnable::run));
    }

    private void checkActive() {
        if (done) {
            throw new QueueServiceException(INVALID_TRANSACTION_STATE, "the transaction has already ended");
        }
    }
}
