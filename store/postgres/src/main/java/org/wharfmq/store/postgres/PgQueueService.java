package org.wharfmq.store.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.ArrivalNotification;
import org.wharfmq.store.BatchEntry;
import org.wharfmq.store.BatchResult;
import org.wharfmq.store.Browsing;
import org.wharfmq.store.FilteredReceive;
import org.wharfmq.store.JoinedTransactions;
import org.wharfmq.store.Limits;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueStatistics;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendBatchEntry;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.VisibilityChange;
import org.wharfmq.store.XaTransactions;

/**
 * The queue model on PostgreSQL, as the SPI sees it. Every call is one or a few short transactions
 * on the shared tables, so that every process that opens the same schema sees one set of queues.
 * This facade only delegates: administration to {@link Queues}, sends to {@link Sends}, receives
 * and browsing to {@link Receives}, deletes and visibility changes to {@link InFlight}, topics to
 * {@link PgTopics}, transactions to {@link PgTransaction} and {@link PgXa}, message move tasks to
 * {@link PgMoveTasks}, background work to {@link Housekeeping}.
 */
public final class PgQueueService implements QueueService, MessageOptions, FilteredReceive, Browsing, Transactions,
        QueueStatistics, JoinedTransactions {



    private final PgContext ctx;
    private final Queues queues;
    private final Sends sends;
    private final Receives receives;
    private final Browser browser;
    private final InFlight inFlight;
    private final PgTopics topics;
    private final PgXa xa;
    private final Housekeeping housekeeping;
    private final PgMoveTasks moveTasks;
    private final PgArrivals arrivals;

    private PgQueueService(PgContext ctx) {
        this.ctx = ctx;
        this.queues = new Queues(ctx);
        this.sends = new Sends(ctx, queues);
        this.receives = new Receives(ctx, queues);
        this.browser = new Browser(ctx, queues);
        this.inFlight = new InFlight(ctx, queues);
        this.topics = new PgTopics(ctx, queues);
        this.xa = new PgXa(ctx, queues, () -> new PgTransaction(ctx, queues, sends, inFlight, topics));
        this.housekeeping = new Housekeeping(ctx, queues, topics, xa);
        this.moveTasks = new PgMoveTasks(ctx, queues);
        this.arrivals = new PgArrivals(ctx, queues);
    }

    static PgQueueService open(Database.Settings settings, Clock clock, int defaultDedupWindow) {
        Database db = Database.open(settings);
        try (Connection c = db.connection("open")) {
            Schema.prepare(c, settings.schema());
        } catch (SQLException e) {
            db.close();
            throw db.fault("open", e);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        PgContext ctx = new PgContext(db, clock, defaultDedupWindow, preparedTransactions(db));
        ctx.wakeups().start();
        PgQueueService service = new PgQueueService(ctx);
        service.housekeeping.start();
        service.moveTasks.start();
        return service;
    }

    /** Whether the server allows prepared transactions, which XA needs. */
    private static boolean preparedTransactions(Database db) {
        return db.tx("SHOW max_prepared_transactions", c -> {
            try (var s = c.createStatement(); var r = s.executeQuery("SHOW max_prepared_transactions")) {
                r.next();
                return Integer.parseInt(r.getString(1)) > 0;
            }
        });
    }

    @Override
    public Limits limits() {
        return Limits.WHARF;
    }

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        if (type == Topics.class) {
            return Optional.of(type.cast(topics));
        }
        if (type == ArrivalNotification.class) {
            return Optional.of(type.cast(arrivals));
        }
        if (type == MessageMoves.class) {
            return Optional.of(type.cast(moveTasks));
        }
        if (type == XaTransactions.class) {
            return ctx.preparedTransactions() ? Optional.of(type.cast(xa)) : Optional.empty();
        }
        return QueueService.super.extension(type);
    }

    // ---- queues ----

    @Override
    public String createQueue(String queueName, Map<String, String> attributes) {
        return queues.create(queueName, attributes);
    }

    @Override
    public void deleteQueue(String queueUrl) {
        queues.delete(queueUrl);
    }

    @Override
    public String getQueueUrl(String queueName) {
        return queues.url(queueName);
    }

    @Override
    public List<String> listQueues(String prefix) {
        return queues.list(prefix);
    }

    @Override
    public void purgeQueue(String queueUrl) {
        queues.purge(queueUrl);
    }

    @Override
    public Map<String, String> getQueueAttributes(String queueUrl, Collection<String> names) {
        return queues.attributes(queueUrl, names);
    }

    @Override
    public void setQueueAttributes(String queueUrl, Map<String, String> attributes) {
        queues.setAttributes(queueUrl, attributes);
    }

    @Override
    public QueueStatistics.Snapshot statistics(String queueUrl) {
        return ctx.run("statistics", u -> {
            Queues.Queue q = queues.find(u, queueUrl);
            Queues.Counts n = queues.counts(u.c, q, u.now);
            Counters c = ctx.counters();
            int id = q.id();
            return new QueueStatistics.Snapshot(n.visible(), n.inFlight(), n.delayed(),
                    n.oldestSentAt() < 0 ? 0 : Math.max(0, u.now - n.oldestSentAt()) / 1000,
                    c.get(id, Counters.SENT), c.get(id, Counters.RECEIVED), c.get(id, Counters.DELETED),
                    c.get(id, Counters.EMPTY_RECEIVES), c.get(id, Counters.DEDUPLICATED),
                    c.get(id, Counters.MOVED_TO_DLQ));
        });
    }

    // ---- messages ----

    @Override
    public SendResult sendMessage(SendMessageRequest request) {
        return sends.send(request, MessageOptions.Options.DEFAULT);
    }

    @Override
    public SendResult sendMessage(SendMessageRequest request, MessageOptions.Options options) {
        return sends.send(request, options);
    }

    @Override
    public BatchResult<SendResult> sendMessageBatch(String queueUrl, List<SendBatchEntry> entries) {
        return sends.sendBatch(queueUrl, entries);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request) {
        return receives.receive(request, -1, null, null, Receives.Mode.RECEIVE);
    }

    @Override
    public List<ReceivedMessage> receiveMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return receives.receive(request, waitMillis, filter, cancelled, Receives.Mode.RECEIVE);
    }

    @Override
    public List<ReceivedMessage> consumeMessage(ReceiveMessageRequest request, long waitMillis,
                                                Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return receives.receive(request.withAttemptId(null), waitMillis, filter, cancelled, Receives.Mode.CONSUME);
    }

    @Override
    public List<ReceivedMessage> leaseMessage(ReceiveMessageRequest request, long waitMillis,
                                              Predicate<MessageHeaders> filter, BooleanSupplier cancelled) {
        return receives.receive(request.withAttemptId(null), waitMillis, filter, cancelled, Receives.Mode.LEASE);
    }

    @Override
    public void wakeUp(String queueUrl) {
        int id = ctx.run("wakeUp", u -> queues.find(u, queueUrl).id());
        ctx.wakeups().wakeLocal(id);
    }

    @Override
    public List<ReceivedMessage> browse(String queueUrl, Predicate<MessageHeaders> filter, int max) {
        return browser.browse(queueUrl, filter, max);
    }

    @Override
    public void deleteMessage(String queueUrl, String receiptHandle) {
        inFlight.delete(queueUrl, receiptHandle);
    }

    @Override
    public BatchResult<String> deleteMessageBatch(String queueUrl, List<BatchEntry<String>> entries) {
        return inFlight.deleteBatch(queueUrl, entries);
    }

    @Override
    public void changeMessageVisibility(String queueUrl, String receiptHandle, int visibilityTimeoutSeconds) {
        inFlight.changeVisibility(queueUrl, receiptHandle, visibilityTimeoutSeconds);
    }

    @Override
    public BatchResult<String> changeMessageVisibilityBatch(String queueUrl,
                                                            List<BatchEntry<VisibilityChange>> entries) {
        return inFlight.changeVisibilityBatch(queueUrl, entries);
    }

    // ---- transactions ----

    @Override
    public StoreTransaction begin() {
        return new PgTransaction(ctx, queues, sends, inFlight, topics);
    }

    @Override
    public StoreTransaction join(Object resource) {
        return PgJoinedTransaction.on(ctx, queues, sends, inFlight, topics, resource);
    }

    @Override
    public void close() {
        try {
            arrivals.close();
            moveTasks.close();
            housekeeping.close();
            topics.dropOwnedBy(ctx.instance());
        } catch (QueueServiceException e) {
            // the database is gone: what this store owned goes when another finds it dead
        } finally {
            ctx.wakeups().close();
            ctx.db().close();
        }
    }
}
