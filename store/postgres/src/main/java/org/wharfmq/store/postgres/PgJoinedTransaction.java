package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;
import static org.wharfmq.store.ErrorCodes.INVALID_TRANSACTION_STATE;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.BiPredicate;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.model.Digests;

/**
 * A unit of work on the application's own connection to the store's database: each step runs on
 * it at once, with the store's schema first on the search path for that step only, and commits or
 * rolls back when the application ends its transaction. {@link #commit()} wakes the receives of
 * the queues it sent to; it writes nothing.
 */
final class PgJoinedTransaction implements StoreTransaction {
    /** A step on the application's connection. */
    @FunctionalInterface
    private interface Step<T> {
        T apply(Unit u) throws SQLException;
    }

    private final PgContext ctx;
    private final Queues queues;
    private final Sends sends;
    private final InFlight inFlight;
    private final PgTopics topics;
    private final Connection c;
    /** The steps made, whose wake-ups and counts wait for the commit. */
    private final java.util.List<Unit> units = new java.util.ArrayList<>();
    private boolean done;

    private PgJoinedTransaction(PgContext ctx, Queues queues, Sends sends, InFlight inFlight, PgTopics topics,
                                Connection c) {
        this.ctx = ctx;
        this.queues = queues;
        this.sends = sends;
        this.inFlight = inFlight;
        this.topics = topics;
        this.c = c;
    }

    /** A unit on {@code resource}, after checking that it is an open connection in a transaction that sees this store. */
    static PgJoinedTransaction on(PgContext ctx, Queues queues, Sends sends, InFlight inFlight, PgTopics topics,
                                  Object resource) {
        if (!(resource instanceof Connection c)) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "a PostgreSQL store joins a java.sql.Connection, "
                    + "not " + (resource == null ? "null" : resource.getClass().getName()));
        }
        String schema = ctx.db().settings().schema();
        try {
            if (c.getAutoCommit()) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "the connection to join is in auto-commit "
                        + "mode: it has no transaction for the store's work to join");
            }
            try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM pg_namespace n JOIN pg_class t "
                    + "ON t.relnamespace = n.oid WHERE n.nspname = ? AND t.relname = 'wharf_meta'")) {
                s.setString(1, schema);
                try (ResultSet r = s.executeQuery()) {
                    if (!r.next()) {
                        throw new QueueServiceException(INVALID_PARAMETER_VALUE, "the connection to join does not "
                                + "see schema " + schema + " of store " + ctx.db().settings()
                                + ": it is not one to the store's database");
                    }
                }
            }
        } catch (SQLException e) {
            throw ctx.db().fault("join a transaction", e);
        }
        return new PgJoinedTransaction(ctx, queues, sends, inFlight, topics, c);
    }

    private <T> T step(String what, Step<T> step) {
        if (done) {
            throw new QueueServiceException(INVALID_TRANSACTION_STATE, "the transaction has ended");
        }
        try {
            String path;
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT current_setting('search_path'), set_config('search_path', ? || ', ' "
                            + "|| current_setting('search_path'), true)")) {
                s.setString(1, ctx.db().settings().schema());
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    path = r.getString(1);
                }
            }
            try {
                Unit u = new Unit(c, ctx.now());
                T result = step.apply(u);
                u.flush();
                units.add(u);
                return result;
            } finally {
                try (PreparedStatement s = c.prepareStatement("SELECT set_config('search_path', ?, true)")) {
                    s.setString(1, path);
                    s.executeQuery().close();
                }
            }
        } catch (SQLException e) {
            throw ctx.db().fault(what, e);
        }
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options) {
        return step("SendMessage", u -> sends.apply(u, sends.plan(queues.find(u, request.queueUrl()), request,
                options), null));
    }

    @Override
    public SendResult publish(String topicName, SendMessageRequest request, MessageOptions.Options options,
                              BiPredicate<String, MessageHeaders> accept) {
        topics.check(topicName, request, options);
        String id = java.util.UUID.randomUUID().toString();
        step("Publish", u -> {
            topics.publish(u, topicName, request, options, accept, id, u.now);
            return null;
        });
        return new SendResult(null, id, Digests.md5(request.messageBody()), null);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        step("DeleteMessage", u -> {
            inFlight.delete(u, queues.find(u, queueUrl), receiptHandle);
            return null;
        });
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        org.wharfmq.store.model.Ranges.VISIBILITY_TIMEOUT.check("VisibilityTimeout", visibilityTimeoutSeconds);
        step("ChangeMessageVisibility", u -> {
            inFlight.changeVisibility(u, queues.find(u, queueUrl), receiptHandle, visibilityTimeoutSeconds);
            return null;
        });
    }

    @Override
    public boolean isEmpty() {
        return units.isEmpty();
    }

    @Override
    public void commit() {
        done = true;
        units.forEach(u -> u.committed(ctx));
    }

    @Override
    public void rollback() {
        done = true;
    }
}
