package org.wharfmq.store.derby;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.Topics;
import org.wharfmq.store.derby.disk.Journal;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.Publish;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;

/**
 * Topics: a publish stores its body once, in one row, and adds a message to every subscription's
 * queue. Owns the store's topics (each with its subscriptions' queues), guarded by the index's lock.
 */
final class DerbyTopics implements Topics {

    /** A topic and its subscriptions' queues, by subscription name. */
    static final class Topic {
        final int id;
        final String name;
        final Map<String, QueueState> subscriptions = new LinkedHashMap<>();

        Topic(int id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    private final QueueIndex index;
    private final Sends sends;
    private final Map<String, Topic> topics;

    /** The topics feature of {@code index}, with the topics the Loader read. */
    DerbyTopics(QueueIndex index, Sends sends, Map<String, Topic> loaded) {
        this.index = index;
        this.sends = sends;
        this.topics = new TreeMap<>(loaded);
    }

    /** The internal name of a subscription's queue; '~' never occurs in a queue name. */
    static String queueName(String topic, String subscription) {
        return "~" + topic + "~" + subscription;
    }

    @Override
    public void createTopic(String topicName) {
        Names.checkQueueName(topicName);
        index.lock();
        try {
            index.checkOpen();
            if (topics.containsKey(topicName)) {
                return;
            }
            int id = index.queues().newId();
            topics.put(topicName, new Topic(id, topicName));
            long now = index.now();
            index.journal().post(w -> w.insertQueue(id, topicName, QueueState.KIND_TOPIC, null, null, null, null,
                    now));
        } finally {
            index.unlock();
        }
        index.sync();
    }

    @Override
    public void deleteTopic(String topicName) {
        index.lock();
        try {
            Topic t = topic(topicName);
            long now = index.now();
            for (QueueState q : t.subscriptions.values()) {
                index.dropQueue(q, now);
            }
            topics.remove(topicName);
            int id = t.id;
            index.journal().post(w -> w.markQueueDeleted(id, now));
        } finally {
            index.unlock();
        }
        index.sync();
    }

    @Override
    public List<String> listTopics() {
        index.lock();
        try {
            index.checkOpen();
            return List.copyOf(topics.keySet());
        } finally {
            index.unlock();
        }
    }

    @Override
    public String subscribe(String topicName, String subscriptionName, boolean durable, String tag) {
        if (subscriptionName == null || subscriptionName.isEmpty() || subscriptionName.length() > 300) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    "subscription name '" + subscriptionName + "' is not 1..300 characters");
        }
        String name = queueName(topicName, subscriptionName);
        index.lock();
        try {
            Topic t = topic(topicName);
            if (!t.subscriptions.containsKey(subscriptionName)) {
                QueueState q = index.addQueue(name,
                        durable ? QueueState.KIND_DURABLE_SUBSCRIPTION : QueueState.KIND_SUBSCRIPTION, topicName,
                        subscriptionName, tag, QueueConfig.defaults(false, index.defaultDedupWindow()), index.now());
                t.subscriptions.put(subscriptionName, q);
            }
        } finally {
            index.unlock();
        }
        index.sync();
        return Names.url(name);
    }

    @Override
    public void unsubscribe(String topicName, String subscriptionName) {
        index.lock();
        try {
            Topic t = topic(topicName);
            QueueState q = t.subscriptions.remove(subscriptionName);
            if (q == null) {
                throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "topic " + topicName
                        + " has no subscription " + subscriptionName);
            }
            index.dropQueue(q, index.now());
        } finally {
            index.unlock();
        }
        index.sync();
    }

    @Override
    public Optional<Subscription> subscription(String topicName, String subscriptionName) {
        index.lock();
        try {
            QueueState q = topic(topicName).subscriptions.get(subscriptionName);
            return Optional.ofNullable(q).map(x -> describe(subscriptionName, x));
        } finally {
            index.unlock();
        }
    }

    @Override
    public List<Subscription> listSubscriptions(String topicName) {
        index.lock();
        try {
            return topic(topicName).subscriptions.entrySet().stream()
                    .map(e -> describe(e.getKey(), e.getValue())).toList();
        } finally {
            index.unlock();
        }
    }

    private static Subscription describe(String name, QueueState q) {
        return new Subscription(name, Names.url(q.name), q.kind == QueueState.KIND_DURABLE_SUBSCRIPTION, q.tag);
    }

    @Override
    public SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                              BiPredicate<String, MessageHeaders> accept) {
        CompletableFuture<Void> durable;
        SendResult result;
        index.lock();
        try {
            Topic t = topic(topicName);
            long bodyId = index.nextId();
            List<Journal.Step> steps = new ArrayList<>();
            List<Runnable> publish = new ArrayList<>();
            boolean inMemory = !options.durable();
            String md5 = fanOut(t.name, request, options, accept, bodyId, index.now(), steps, publish, inMemory);
            result = new SendResult(null, index.messageId(bodyId), md5, null);
            if (inMemory) {
                publish.forEach(Runnable::run);
                return result;
            }
            durable = index.journal().submitAll(steps, () -> publish.forEach(Runnable::run));
        } finally {
            index.unlock();
        }
        index.journal().await(durable);
        return result;
    }

    /**
     * Adds one message per subscription, all sharing body {@code bodyId}; returns the body's MD5.
     * A single copy is a plain message, one row. Durable copies of a publish to several
     * subscriptions are listed in one publish row beside the body ({@link Publish}); a copy whose
     * delay differs gets a row of its own.
     * {@code inMemory} copies are never written; this waits for their memory (see
     * {@link NonDurableMemory#reserve}). Under the lock.
     */
    String fanOut(String topicName, SendMessageRequest request, MessageOptions.Options options,
                  BiPredicate<String, MessageHeaders> accept, long bodyId, long now, List<Journal.Step> steps,
                  List<Runnable> publish, boolean inMemory) {
        Topic t = topic(topicName);
        MessageHeaders view = new org.wharfmq.store.PublishedView(index.messageId(bodyId), now, options, request);
        List<QueueState> subs = new ArrayList<>();
        for (QueueState q : t.subscriptions.values()) {
            if (accept == null || accept.test(q.tag, view)) {
                subs.add(q);
            }
        }
        if (subs.isEmpty()) {
            MessageRules.checkBody(request.messageBody());
            return Digests.md5(request.messageBody());
        }
        Sends.Plan plan = sends.plan(subs.get(0), request, options);
        if (inMemory) {
            // A subscription deleted while this waits drops its copy at publish.
            index.memory().reserve(plan.size() + (long) NonDurableMemory.OVERHEAD * subs.size());
        }
        if (subs.size() == 1) {
            // A single copy is a plain message: one row, its body inline, its row the body's id.
            Sends.Applied a = sends.apply(plan, now, bodyId, null, inMemory);
            steps.add(a.step());
            Msg m = a.msg();
            publish.add(() -> index.publish(m));
            return plan.md5();
        }
        if (inMemory) {
            index.bodies().pin(bodyId, plan.content(), plan.size());
        }
        List<Msg> listed = new ArrayList<>();
        for (QueueState q : subs) {
            Sends.Applied a = sends.apply(plan.to(q), now, -1, bodyId, inMemory);
            Msg m = a.msg();
            if (inMemory || !listable(m, listed, subs.size())) {
                steps.add(a.step());
            } else {
                // Its row is the publish row, written below.
                listed.add(m);
            }
            publish.add(() -> index.publish(m));
        }
        index.shareBody(bodyId, subs.size());
        if (inMemory) {
            return plan.md5();
        }
        byte[] payload = plan.content().encode();
        index.bodies().put(bodyId, plan.content(), payload.length);
        if (listed.isEmpty()) {
            steps.add(w -> w.insertBody(bodyId, payload));
            return plan.md5();
        }
        int[] queueIds = new int[listed.size()];
        long[] rowIds = new long[listed.size()];
        for (int i = 0; i < listed.size(); i++) {
            Msg m = listed.get(i);
            queueIds[i] = m.queue.id;
            rowIds[i] = m.rowId;
        }
        Publish p = new Publish(bodyId, queueIds, rowIds, new BitSet(), new BitSet());
        for (int i = 0; i < listed.size(); i++) {
            listed.get(i).publish = p;
            listed.get(i).copy = i;
        }
        Msg first = listed.get(0);
        long sentAt = first.sentAt;
        long visibleAt = first.visibleAt;
        long expiresAt = first.expiresAt;
        int priority = first.priority;
        steps.add(w -> w.insertPublish(p, payload, sentAt, visibleAt, expiresAt, priority));
        return plan.md5();
    }

    /**
     * Whether a durable copy can be listed in the publish row rather than get its own: the row has
     * room, and the copy becomes visible when the copies listed before it do. (A subscription is a
     * standard queue, loaded whole: no copy waits on disk for the pager.)
     */
    private static boolean listable(Msg m, List<Msg> listed, int copies) {
        return copies <= Publish.MAX_COPIES && (listed.isEmpty() || listed.get(0).visibleAt == m.visibleAt);
    }

    /** A subscription queue of the topic, to validate a message against, or null. Under the lock. */
    QueueState anySubscriptionOrNull(String topicName) {
        Topic t = topic(topicName);
        return t.subscriptions.isEmpty() ? null : t.subscriptions.values().iterator().next();
    }

    /** The topic called {@code topicName}, else QueueDoesNotExist. Under the lock. */
    private Topic topic(String topicName) {
        index.checkOpen();
        Topic t = topics.get(topicName);
        if (t == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "topic " + topicName + " does not exist");
        }
        return t;
    }
}
