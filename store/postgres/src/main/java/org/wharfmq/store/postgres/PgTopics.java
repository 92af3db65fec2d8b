package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiPredicate;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.PublishedView;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.Topics;
import org.wharfmq.store.model.Digests;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.QueueConfig;

/**
 * Topics in {@code wharf_topic}; a subscription is a standard queue of {@code wharf_queue} named
 * {@code ~topic~subscription}, seen by every process. A non-durable one belongs to the open store
 * that made it ({@code owner}) and goes when that store closes, or when its process is found dead.
 */
final class PgTopics implements Topics {
    private final PgContext ctx;
    private final Queues queues;

    PgTopics(PgContext ctx, Queues queues) {
        this.ctx = ctx;
        this.queues = queues;
    }

    static String queueName(String topic, String subscription) {
        return "~" + topic + "~" + subscription;
    }

    @Override
    public void createTopic(String topicName) {
        Names.checkQueueName(topicName);
        ctx.run("CreateTopic " + topicName, u -> {
            try (PreparedStatement s = u.c.prepareStatement(
                    "INSERT INTO wharf_topic VALUES (?, ?) ON CONFLICT (name) DO NOTHING")) {
                s.setString(1, topicName);
                s.setLong(2, u.now);
                s.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public void deleteTopic(String topicName) {
        ctx.run("DeleteTopic " + topicName, u -> {
            requireTopic(u, topicName);
            for (Queues.Queue q : subscriptionQueues(u, topicName)) {
                queues.drop(u.c, q);
            }
            try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_topic WHERE name = ?")) {
                s.setString(1, topicName);
                s.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public List<String> listTopics() {
        return ctx.run("ListTopics", u -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement s = u.c.prepareStatement("SELECT name FROM wharf_topic ORDER BY name COLLATE \"C\"");
                 ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
            return out;
        });
    }

    @Override
    public String subscribe(String topicName, String subscriptionName, boolean durable, String tag) {
        if (subscriptionName == null || subscriptionName.isEmpty() || subscriptionName.length() > 300) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    "subscription name '" + subscriptionName + "' is not 1..300 characters");
        }
        String name = queueName(topicName, subscriptionName);
        ctx.run("Subscribe " + subscriptionName, u -> {
            requireTopic(u, topicName);
            queues.insert(u.c, name, durable ? Queues.KIND_DURABLE_SUBSCRIPTION : Queues.KIND_SUBSCRIPTION,
                    QueueConfig.defaults(false, ctx.defaultDedupWindow()), u.now, topicName, subscriptionName, tag,
                    durable ? null : ctx.instance());
            return null;
        });
        return Names.url(name);
    }

    @Override
    public Optional<Subscription> subscription(String topicName, String subscriptionName) {
        return ctx.run("Subscription", u -> {
            requireTopic(u, topicName);
            Queues.Queue q = queues.named(u.c, queueName(topicName, subscriptionName), false);
            return Optional.ofNullable(q == null || q.topic() == null ? null : describe(q));
        });
    }

    @Override
    public void unsubscribe(String topicName, String subscriptionName) {
        ctx.run("Unsubscribe " + subscriptionName, u -> {
            requireTopic(u, topicName);
            Queues.Queue q = queues.named(u.c, queueName(topicName, subscriptionName), true);
            if (q == null || q.topic() == null) {
                throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "topic " + topicName
                        + " has no subscription " + subscriptionName);
            }
            queues.drop(u.c, q);
            return null;
        });
    }

    @Override
    public List<Subscription> listSubscriptions(String topicName) {
        return ctx.run("ListSubscriptions", u -> {
            requireTopic(u, topicName);
            return subscriptionQueues(u, topicName).stream().map(PgTopics::describe).toList();
        });
    }

    private static Subscription describe(Queues.Queue q) {
        return new Subscription(q.subscription(), Names.url(q.name()), q.kind() == Queues.KIND_DURABLE_SUBSCRIPTION,
                q.tag());
    }

    @Override
    public SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                              BiPredicate<String, MessageHeaders> accept) {
        check(topicName, request, options);
        String id = UUID.randomUUID().toString();
        ctx.run("Publish", u -> {
            if (!options.durable()) {
                u.mayLoseOnCrash();
            }
            publish(u, topicName, request, options, accept, id, u.now);
            return null;
        });
        return new SendResult(null, id, Digests.md5(request.messageBody()), null);
    }

    /** Checks a publish as a send to a subscription would be checked. */
    void check(String topicName, SendMessageRequest request, MessageOptions.Options options) {
        MessageRules.checkSend(queueName(topicName, "-"), QueueConfig.defaults(false, ctx.defaultDedupWindow()),
                request, options);
    }

    /**
     * Adds one copy of the message, of MessageId {@code id} and SentTimestamp {@code sentAt}, to each
     * subscription {@code accept} takes.
     */
    void publish(Unit u, String topicName, SendMessageRequest request, MessageOptions.Options options,
                 BiPredicate<String, MessageHeaders> accept, String id, long sentAt) throws SQLException {
        requireTopic(u, topicName);
        PublishedView view = new PublishedView(id, sentAt, options, request);
        List<Queues.Queue> targets = new ArrayList<>();
        for (Queues.Queue q : subscriptionQueues(u, topicName)) {
            if (accept == null || accept.test(q.tag(), view)) {
                targets.add(q);
            }
        }
        if (targets.isEmpty()) {
            return;
        }
        try (PreparedStatement s = u.c.prepareStatement("INSERT INTO wharf_message (queue_id, id, message_id, body, "
                + "attributes, sent_at, visible_at, priority, expires_at, group_id, dedup_id, source_queue, lossy) "
                + "VALUES (?, nextval('wharf_message_id'), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            long delay = options.delayMillis() >= 0 ? options.delayMillis()
                    : 1000L * (request.delaySeconds() == null ? 0 : request.delaySeconds());
            byte[] attributes = Codec.attributes(request.messageAttributes());
            for (Queues.Queue q : targets) {
                s.setInt(1, q.id());
                s.setString(2, id);
                s.setString(3, request.messageBody());
                s.setBytes(4, attributes);
                s.setLong(5, sentAt);
                s.setLong(6, sentAt + delay);
                s.setInt(7, options.priority());
                s.setLong(8, options.expirationTime());
                s.setString(9, null);
                s.setString(10, null);
                s.setString(11, null);
                s.setBoolean(12, !options.durable());
                s.addBatch();
                u.count(q.id(), Counters.SENT, 1);
                u.wakeWhenSent(q.id(), sentAt, delay);
            }
            s.executeBatch();
        }
    }

    private static void requireTopic(Unit u, String topicName) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement("SELECT 1 FROM wharf_topic WHERE name = ?")) {
            s.setString(1, topicName);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "topic " + topicName + " does not exist");
                }
            }
        }
    }

    private List<Queues.Queue> subscriptionQueues(Unit u, String topicName) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement("SELECT id, name, fifo, kind, attributes, created_at, "
                + "modified_at, last_purge, topic, subscription, tag FROM wharf_queue WHERE topic = ? ORDER BY id")) {
            s.setString(1, topicName);
            List<Queues.Queue> out = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(queues.read(r));
                }
            }
            return out;
        }
    }

    /** Removes the non-durable subscriptions of the open store {@code owner}. */
    void dropOwnedBy(String owner) {
        ctx.run("drop non-durable subscriptions", u -> {
            List<Queues.Queue> owned = new ArrayList<>();
            try (PreparedStatement s = u.c.prepareStatement("SELECT id, name, fifo, kind, attributes, created_at, "
                    + "modified_at, last_purge, topic, subscription, tag FROM wharf_queue WHERE owner = ?")) {
                s.setString(1, owner);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        owned.add(queues.read(r));
                    }
                }
            }
            for (Queues.Queue q : owned) {
                queues.drop(u.c, q);
            }
            return null;
        });
    }
}
