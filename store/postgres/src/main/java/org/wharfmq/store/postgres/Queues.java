package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.PURGE_QUEUE_IN_PROGRESS;
import static org.wharfmq.store.ErrorCodes.QUEUE_ALREADY_EXISTS;
import static org.wharfmq.store.ErrorCodes.QUEUE_DELETED_RECENTLY;
import static org.wharfmq.store.ErrorCodes.QUEUE_DOES_NOT_EXIST;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.QueueConfig;

/**
 * Queue administration on the {@code wharf_queue} table, and the lookup every operation starts
 * with. A queue is read from the table in the transaction that uses it, so that a change made by
 * another process is seen by the next call; only the parsing of its attributes is cached.
 */
final class Queues {
    static final int KIND_QUEUE = 0;
    static final int KIND_DURABLE_SUBSCRIPTION = 1;
    static final int KIND_SUBSCRIPTION = 2;
    private static final long PURGE_INTERVAL_MILLIS = 60_000;
    private static final long REUSE_AFTER_MILLIS = 60_000;

    /** A queue as one transaction read it; {@code settings} is its attributes column, which {@code config} parses. */
    record Queue(int id, String name, boolean fifo, int kind, QueueConfig config, long createdAt, long modifiedAt,
                 long lastPurge, String topic, String subscription, String tag, String settings) {
    }

    private final PgContext ctx;
    private final Map<String, QueueConfig> parsed = new ConcurrentHashMap<>();
    /**
     * Queues as last read, by URL: a guess that a write checks in its own statement (the queue's id
     * and attributes unchanged), never an answer by itself.
     */
    private final Map<String, Queue> lastRead = new ConcurrentHashMap<>();

    Queues(PgContext ctx) {
        this.ctx = ctx;
    }

    /** The queue at {@code url}; QueueDoesNotExist if there is none. */
    Queue find(Connection c, String url) throws SQLException {
        String name = Names.nameOfUrl(url);
        Queue q = named(c, name, false);
        if (q == null) {
            throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "queue " + name + " does not exist");
        }
        return q;
    }

    /** {@link #find(Connection, String)}, read once per unit. */
    Queue find(Unit u, String url) throws SQLException {
        Queue q = u.queues.get(url);
        if (q == null) {
            q = find(u.c, url);
            u.queues.put(url, q);
            if (lastRead.size() > 10_000) {
                lastRead.clear();
            }
            lastRead.put(url, q);
        }
        return q;
    }

    /** The queue at {@code url} as some unit of this store last read it, or null: to be checked by the write that uses it. */
    Queue lastRead(String url) {
        return lastRead.get(url);
    }

    /** The queue named {@code name}, or null; {@code lock} locks its row until the transaction ends. */
    Queue named(Connection c, String name, boolean lock) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id, name, fifo, kind, attributes, created_at, "
                + "modified_at, last_purge, topic, subscription, tag FROM wharf_queue WHERE name = ?"
                + (lock ? " FOR UPDATE" : ""))) {
            s.setString(1, name);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? read(r) : null;
            }
        }
    }

    Queue read(ResultSet r) throws SQLException {
        boolean fifo = r.getBoolean(3);
        String text = r.getString(5);
        QueueConfig config = parsed.computeIfAbsent((fifo ? "F" : "S") + text,
                t -> QueueConfig.defaults(fifo, ctx.defaultDedupWindow()).with(Codec.settings(text)));
        if (parsed.size() > 10_000) {
            parsed.clear();
        }
        return new Queue(r.getInt(1), r.getString(2), fifo, r.getInt(4), config, r.getLong(6), r.getLong(7),
                r.getLong(8), r.getString(9), r.getString(10), r.getString(11), text);
    }

    String create(String name, Map<String, String> attributes) {
        boolean fifo = Names.checkQueueName(name);
        Map<String, String> given = attributes == null ? Map.of() : attributes;
        QueueConfig config = QueueConfig.defaults(fifo, ctx.defaultDedupWindow()).with(given);
        ctx.db().tx("CreateQueue " + name, c -> {
            long now = ctx.now();
            Queue existing = named(c, name, false);
            if (existing != null) {
                if (existing.kind() != KIND_QUEUE || !existing.config().with(given).equals(existing.config())) {
                    throw new QueueServiceException(QUEUE_ALREADY_EXISTS,
                            "queue " + name + " exists with other attributes than " + given);
                }
                return null;
            }
            try (PreparedStatement s = c.prepareStatement("SELECT deleted_at FROM wharf_deleted WHERE name = ?")) {
                s.setString(1, name);
                try (ResultSet r = s.executeQuery()) {
                    if (r.next() && now - r.getLong(1) < REUSE_AFTER_MILLIS) {
                        throw new QueueServiceException(QUEUE_DELETED_RECENTLY, "queue " + name
                                + " was deleted less than 60 s ago; its name can be used again after that");
                    }
                }
            }
            checkRedrive(c, name, config);
            insert(c, name, KIND_QUEUE, config, now, null, null, null, null);
            return null;
        });
        return Names.url(name);
    }

    /** Adds a queue row; false if one of that name appeared meanwhile (another process made it). */
    boolean insert(Connection c, String name, int kind, QueueConfig config, long now, String topic,
                   String subscription, String tag, String owner) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO wharf_queue (id, name, fifo, kind, attributes, "
                + "created_at, modified_at, topic, subscription, tag, owner) VALUES (nextval('wharf_queue_id'), "
                + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING")) {
            s.setString(1, name);
            s.setBoolean(2, config.fifo());
            s.setInt(3, kind);
            s.setString(4, Codec.settings(config.toAttributes()));
            s.setLong(5, now);
            s.setLong(6, now);
            s.setString(7, topic);
            s.setString(8, subscription);
            s.setString(9, tag);
            s.setString(10, owner);
            return s.executeUpdate() == 1;
        }
    }

    void delete(String url) {
        ctx.db().tx("DeleteQueue", c -> {
            Queue q = find(c, url);
            drop(c, q);
            return null;
        });
    }

    /** Removes a queue with its messages; its name may be used again 60 s later. */
    void drop(Connection c, Queue q) throws SQLException {
        for (String table : List.of("wharf_message", "wharf_dedup", "wharf_attempt")) {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE queue_id = ?")) {
                s.setInt(1, q.id());
                s.executeUpdate();
            }
        }
        try (PreparedStatement s = c.prepareStatement("DELETE FROM wharf_queue WHERE id = ?")) {
            s.setInt(1, q.id());
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO wharf_deleted VALUES (?, ?) "
                + "ON CONFLICT (name) DO UPDATE SET deleted_at = EXCLUDED.deleted_at")) {
            s.setString(1, q.name());
            s.setLong(2, ctx.now());
            s.executeUpdate();
        }
    }

    String url(String name) {
        Names.checkQueueName(name);
        return ctx.db().tx("GetQueueUrl " + name, c -> {
            Queue q = named(c, name, false);
            if (q == null || q.kind() != KIND_QUEUE) {
                throw new QueueServiceException(QUEUE_DOES_NOT_EXIST, "queue " + name + " does not exist");
            }
            return Names.url(name);
        });
    }

    List<String> list(String prefix) {
        return ctx.db().tx("ListQueues", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT name FROM wharf_queue WHERE kind = 0 "
                    + "AND starts_with(name, ?) ORDER BY name COLLATE \"C\"")) {
                s.setString(1, prefix == null ? "" : prefix);
                List<String> out = new ArrayList<>();
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(Names.url(r.getString(1)));
                    }
                }
                return out;
            }
        });
    }

    void purge(String url) {
        ctx.db().tx("PurgeQueue", c -> {
            Queue q = find(c, url);
            long now = ctx.now();
            if (q.lastPurge() != 0 && now - q.lastPurge() < PURGE_INTERVAL_MILLIS) {
                throw new QueueServiceException(PURGE_QUEUE_IN_PROGRESS,
                        "queue " + q.name() + " was purged less than 60 s ago");
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE wharf_queue SET last_purge = ? WHERE id = ?")) {
                s.setLong(1, now);
                s.setInt(2, q.id());
                s.executeUpdate();
            }
            for (String table : List.of("wharf_message", "wharf_attempt")) {
                try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE queue_id = ?")) {
                    s.setInt(1, q.id());
                    s.executeUpdate();
                }
            }
            return null;
        });
    }

    /** The counts of a queue at {@code now}: visible, in flight, delayed, and the oldest send time (or -1). */
    record Counts(long visible, long inFlight, long delayed, long oldestSentAt) {
    }

    Counts counts(Connection c, Queue q, long now) throws SQLException {
        long retained = now - q.config().messageRetentionPeriod() * 1000L;
        try (PreparedStatement s = c.prepareStatement("SELECT "
                + "count(*) FILTER (WHERE visible_at <= ?), "
                + "count(*) FILTER (WHERE visible_at > ? AND leased), "
                + "count(*) FILTER (WHERE visible_at > ? AND NOT leased), "
                + "min(sent_at) FROM wharf_message WHERE queue_id = ? AND sent_at > ? "
                + "AND (expires_at = 0 OR expires_at > ?)")) {
            s.setLong(1, now);
            s.setLong(2, now);
            s.setLong(3, now);
            s.setInt(4, q.id());
            s.setLong(5, retained);
            s.setLong(6, now);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                long oldest = r.getLong(4);
                boolean none = r.wasNull();
                return new Counts(r.getLong(1), r.getLong(2), r.getLong(3), none ? -1 : oldest);
            }
        }
    }

    Map<String, String> attributes(String url, Collection<String> names) {
        return ctx.db().tx("GetQueueAttributes", c -> {
            Queue q = find(c, url);
            // Counting walks the queue's rows: only for an attribute that shows a count.
            Counts n = QueueConfig.countsAsked(names) ? counts(c, q, ctx.now()) : new Counts(0, 0, 0, -1);
            return q.config().describe(q.name(), n.visible(), n.inFlight(), n.delayed(), q.createdAt(), q.modifiedAt(),
                    names);
        });
    }

    void setAttributes(String url, Map<String, String> attributes) {
        ctx.db().tx("SetQueueAttributes", c -> {
            Queue q = find(c, url);
            q = named(c, q.name(), true);
            QueueConfig config = q.config().with(attributes == null ? Map.of() : attributes);
            checkRedrive(c, q.name(), config);
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE wharf_queue SET attributes = ?, modified_at = ? WHERE id = ?")) {
                s.setString(1, Codec.settings(config.toAttributes()));
                s.setLong(2, ctx.now());
                s.setInt(3, q.id());
                s.executeUpdate();
            }
            return null;
        });
    }

    /** Checks that a config's dead-letter queue exists, is of the same type and is not the queue itself. */
    private void checkRedrive(Connection c, String queueName, QueueConfig config) throws SQLException {
        if (config.redrivePolicy() != null) {
            Queue dlq = named(c, config.redrivePolicy().deadLetterQueue(), false);
            config.checkDeadLetterQueue(queueName, dlq == null || dlq.kind() != KIND_QUEUE ? null : dlq.fifo());
        }
    }
}
