package org.wharfmq.store.postgres;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.wharfmq.store.MessageHeaders;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.model.MessageRules;
import org.wharfmq.store.model.Ranges;
import org.wharfmq.store.model.RedrivePolicy;

/**
 * ReceiveMessage with long polling and redrive (attempt ids are {@link ReceiveAttempts}, a FIFO
 * queue's group rule {@link FifoClaims}); the filtered, consuming and leasing receives. A receive
 * claims rows with {@code FOR UPDATE SKIP LOCKED}, so that receives in several processes never
 * take one message twice, and writes the claim before it returns.
 */
final class Receives {
    /** Rows a filtered receive reads at a time. */
    private static final int PAGE = 200;
    /** Messages whose visibility timeout ended, then those never received or moved, each in delivery order. */
    private static final List<String> STANDARD = List.of(
            "SELECT " + Row.COLUMNS + " FROM wharf_message WHERE queue_id = ? AND leased AND visible_at <= ? "
                    + "AND (priority < ? OR priority = ? AND id > ?) ORDER BY priority DESC, id LIMIT ? "
                    + "FOR UPDATE SKIP LOCKED",
            "SELECT " + Row.COLUMNS + " FROM wharf_message WHERE queue_id = ? AND NOT leased AND visible_at <= ? "
                    + "AND (priority < ? OR priority = ? AND id > ?) ORDER BY priority DESC, id LIMIT ? "
                    + "FOR UPDATE SKIP LOCKED");
    /** The first page of both of {@link #STANDARD}'s queries in one round trip; a row's {@code leased} says which. */
    private static final String STANDARD_BOTH = "WITH r AS (" + STANDARD.get(0) + "), n AS (" + STANDARD.get(1)
            + ") SELECT * FROM r UNION ALL SELECT * FROM n";
    /**
     * {@link #STANDARD_BOTH} for several queues at once: for each queue of the first array, up to
     * the number of the second of each of {@link #STANDARD}'s first pages.
     */
    private static final String STANDARD_BOTH_OF_QUEUES = "WITH a AS (SELECT * FROM unnest(?::int[], ?::int[]) AS a(queue, n)), "
            + "r AS (SELECT m.* FROM a CROSS JOIN LATERAL (SELECT " + Row.COLUMNS + " FROM wharf_message "
            + "WHERE queue_id = a.queue AND leased AND visible_at <= ? ORDER BY priority DESC, id LIMIT a.n "
            + "FOR UPDATE SKIP LOCKED) m), "
            + "n AS (SELECT m.* FROM a CROSS JOIN LATERAL (SELECT " + Row.COLUMNS + " FROM wharf_message "
            + "WHERE queue_id = a.queue AND NOT leased AND visible_at <= ? ORDER BY priority DESC, id LIMIT a.n "
            + "FOR UPDATE SKIP LOCKED) m) "
            + "SELECT * FROM r UNION ALL SELECT * FROM n";
    private static final String DELETE_OF_QUEUES = "DELETE FROM wharf_message WHERE (queue_id, id) IN "
            + "(SELECT * FROM unnest(?::int[], ?::bigint[]))";
    /** How a receive takes its messages. */
    enum Mode {
        /** In flight until deleted or the visibility timeout ends. */
        RECEIVE,
        /**
         * Deleted in the transaction that takes them (JMS AUTO_ACKNOWLEDGE): it commits without
         * waiting for the disk unless it took a {@link Row#lossy} message (a crash would lose the
         * delete first). A crash of the server before the commit is written delivers them again.
         */
        CONSUME,
        /**
         * As {@link #RECEIVE}, for a consumer that deletes or releases each message right after
         * handing it out: the receive commits without waiting for the disk, and so does that
         * DeleteMessage of a message not {@link Row#lossy} ({@link Leases}).
         */
        LEASE
    }

    /** The most receives in one transaction. */
    private static final int BATCH_MAX = 16;

    private final PgContext ctx;
    private final Queues queues;
    /** This store's receives, several to a transaction when they come at once. */
    private final Batches<Ask, Answer> batches;

    Receives(PgContext ctx, Queues queues) {
        this.ctx = ctx;
        this.queues = queues;
        this.batches = new Batches<>(ctx, "ReceiveMessage", Batches.LEADERS, BATCH_MAX, this::look);
    }

    List<ReceivedMessage> receive(ReceiveMessageRequest r, long waitMillis, Predicate<MessageHeaders> filter,
                                  BooleanSupplier cancelled, Mode mode) {
        Ranges.BATCH.check("MaxNumberOfMessages", r.maxNumberOfMessages());
        if (r.visibilityTimeout() != null) {
            Ranges.VISIBILITY_TIMEOUT.check("VisibilityTimeout", r.visibilityTimeout());
        }
        Integer waitSeconds = r.waitTimeSeconds();
        if (waitSeconds != null) {
            Ranges.WAIT_TIME_SECONDS.check("WaitTimeSeconds", waitSeconds);
        }
        long start = System.nanoTime();
        long wait = -1;
        int queueId = 0;
        while (true) {
            long seen = queueId == 0 ? 0 : ctx.wakeups().signal(queueId).generation();
            Answer answer = batches.run(new Ask(r, filter, mode));
            if (answer.refused() != null) {
                throw answer.refused();
            }
            List<ReceivedMessage> got = answer.messages();
            if (queueId == 0) {
                queueId = answer.queue().id();
                wait = waitMillis >= 0 ? waitMillis : 1000L * (waitSeconds != null ? waitSeconds
                        : answer.queue().config().receiveMessageWaitTimeSeconds());
            }
            if (!got.isEmpty()) {
                return got;
            }
            long remaining = wait - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            if (remaining <= 0 || cancelled != null && cancelled.getAsBoolean()) {
                return got;
            }
            try {
                if (!ctx.wakeups().await(queueId, seen, remaining, cancelled)) {
                    return got;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return got;
            }
        }
    }

    /** One receive's look at its queue, in a batch with others ({@link Batches}). */
    private record Ask(ReceiveMessageRequest request, Predicate<MessageHeaders> filter, Mode mode) {
    }

    /** What one look found: the queue as read, and the messages taken, or why the receive was refused. */
    private record Answer(Queues.Queue queue, List<ReceivedMessage> messages, QueueServiceException refused) {
    }

    /** The looks of several receives, one after the other in {@code u}. */
    private List<Answer> look(Unit u, List<Ask> asks) throws SQLException {
        Answer[] out = new Answer[asks.size()];
        // Unfiltered receives of one standard queue with one mode and timeout take their messages in one claim.
        Map<String, Shared> shared = new java.util.LinkedHashMap<>();
        for (int i = 0; i < asks.size(); i++) {
            Ask a = asks.get(i);
            Queues.Queue q;
            try {
                q = queues.find(u, a.request().queueUrl());
            } catch (QueueServiceException e) {
                // No such queue: refused before it wrote anything, and the others of the batch go on.
                out[i] = new Answer(null, List.of(), e);
                continue;
            }
            if (!q.fifo() && a.filter() == null) {
                Queues.Queue queue = q;
                shared.computeIfAbsent(q.id() + " " + a.mode() + " " + visibility(q, a.request()),
                        k -> new Shared(queue, new ArrayList<>())).asks().add(i);
                continue;
            }
            String attemptId = attemptId(q, a);
            if (attemptId != null) {
                try {
                    MessageRules.checkFifoId("ReceiveRequestAttemptId", attemptId);
                } catch (QueueServiceException e) {
                    // Refused before it wrote anything: the others of the batch go on.
                    out[i] = new Answer(q, List.of(), e);
                    continue;
                }
            }
            out[i] = new Answer(q, look(u, q, a.request(), a.filter(), a.mode()), null);
        }
        // Groups of queues that no other group reads: their first pages in one statement, their
        // consumed messages deleted by one statement at the end. (A group of a queue that another
        // group reads too would take the rows the other group took but has not yet deleted.)
        Map<Integer, Integer> groupsOfQueue = new HashMap<>();
        for (Shared group : shared.values()) {
            groupsOfQueue.merge(group.queue().id(), 1, Integer::sum);
        }
        Map<Integer, Integer> alone = new java.util.LinkedHashMap<>();
        for (Shared group : shared.values()) {
            if (groupsOfQueue.get(group.queue().id()) == 1) {
                alone.put(group.queue().id(), group.max(asks));
            }
        }
        Map<Integer, List<Row>> firstPages = alone.size() > 1 ? firstPages(u, alone) : Map.of();
        List<Row> consumed = new ArrayList<>();
        for (Shared group : shared.values()) {
            Ask first = asks.get(group.asks().get(0));
            Queues.Queue q = group.queue();
            boolean many = firstPages.containsKey(q.id());
            List<Row> taken = claim(u, q, group.max(asks), visibility(q, first.request()), null, first.mode(),
                    many ? firstPages.get(q.id()) : null, many ? consumed : null);
            int next = 0;
            for (int i : group.asks()) {
                int n = Math.min(asks.get(i).request().maxNumberOfMessages(), taken.size() - next);
                List<ReceivedMessage> got = new ArrayList<>(n);
                for (Row row : taken.subList(next, next + n)) {
                    got.add(handOut(row, false, first.mode()));
                }
                next += n;
                u.count(q.id(), got.isEmpty() ? Counters.EMPTY_RECEIVES : Counters.RECEIVED, got.isEmpty() ? 1 : n);
                out[i] = new Answer(q, got, null);
            }
        }
        if (!consumed.isEmpty()) {
            try (PreparedStatement s = u.c.prepareStatement(DELETE_OF_QUEUES)) {
                Integer[] queueIds = new Integer[consumed.size()];
                Long[] ids = new Long[consumed.size()];
                for (int i = 0; i < ids.length; i++) {
                    queueIds[i] = consumed.get(i).queueId();
                    ids[i] = consumed.get(i).id();
                }
                s.setArray(1, u.c.createArrayOf("integer", queueIds));
                s.setArray(2, u.c.createArrayOf("bigint", ids));
                s.executeUpdate();
            }
        }
        return java.util.Arrays.asList(out);
    }

    /** Unfiltered receives of one standard queue, with one mode and visibility timeout: the indexes of their asks. */
    private record Shared(Queues.Queue queue, List<Integer> asks) {
        /** The most messages these receives take together. */
        int max(List<Ask> all) {
            return asks.stream().mapToInt(i -> all.get(i).request().maxNumberOfMessages()).sum();
        }
    }

    /**
     * The first pages of {@link #STANDARD}'s queries for each queue of {@code max} (its id, and the
     * most messages to take), read and locked by one statement: each queue's rows in delivery order.
     */
    private static Map<Integer, List<Row>> firstPages(Unit u, Map<Integer, Integer> max) throws SQLException {
        Map<Integer, List<Row>> out = new HashMap<>();
        try (PreparedStatement s = u.c.prepareStatement(STANDARD_BOTH_OF_QUEUES)) {
            s.setArray(1, u.c.createArrayOf("integer", max.keySet().toArray(new Integer[0])));
            s.setArray(2, u.c.createArrayOf("integer", max.values().toArray(new Integer[0])));
            s.setLong(3, u.now);
            s.setLong(4, u.now);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    Row row = Row.read(r);
                    out.computeIfAbsent(row.queueId(), k -> new ArrayList<>()).add(row);
                }
            }
        }
        for (Integer queueId : max.keySet()) {
            out.computeIfAbsent(queueId, k -> new ArrayList<>())
                    .sort((a, b) -> a == b ? 0 : before(a, b) ? -1 : 1);
        }
        return out;
    }

    private static int visibility(Queues.Queue q, ReceiveMessageRequest r) {
        return r.visibilityTimeout() != null ? r.visibilityTimeout() : q.config().visibilityTimeout();
    }

    /** The ReceiveRequestAttemptId that a receive of {@code q} remembers: a FIFO queue's unfiltered receive's. */
    private static String attemptId(Queues.Queue q, Ask a) {
        return q.fifo() && a.mode() == Mode.RECEIVE && a.filter() == null ? a.request().receiveRequestAttemptId() : null;
    }

    /** One receive's look at {@code q} in {@code u}: the messages it takes, none if there are none to take. */
    private List<ReceivedMessage> look(Unit u, Queues.Queue q, ReceiveMessageRequest r, Predicate<MessageHeaders> filter,
                                       Mode mode) throws SQLException {
        String attemptId = attemptId(q, new Ask(r, filter, mode));
        if (attemptId != null) {
            List<ReceivedMessage> again = ReceiveAttempts.repeat(u, q, attemptId);
            if (again != null) {
                return again;
            }
        }
        List<Row> taken = claim(u, q, r.maxNumberOfMessages(), visibility(q, r), filter, mode, null, null);
        if (attemptId != null && !taken.isEmpty()) {
            ReceiveAttempts.remember(u, q, attemptId, taken);
        }
        u.count(q.id(), taken.isEmpty() ? Counters.EMPTY_RECEIVES : Counters.RECEIVED,
                taken.isEmpty() ? 1 : taken.size());
        List<ReceivedMessage> out = new ArrayList<>(taken.size());
        for (Row row : taken) {
            out.add(handOut(row, q.fifo(), mode));
        }
        return out;
    }

    /** {@code row} as its receive returns it; a lease's handle is noted as one. */
    private ReceivedMessage handOut(Row row, boolean fifo, Mode mode) {
        ReceivedMessage m = row.toMessage(fifo, true);
        if (mode == Mode.LEASE) {
            ctx.leases().add(m.receiptHandle());
        }
        return m;
    }

    /**
     * Takes up to {@code max} messages of {@code q} in {@code u}; removes what expired, redrives what
     * is due. {@code first}, if not null, holds the first pages of {@link #STANDARD}'s queries, read
     * for it; {@code consumed}, if not null, takes the rows that {@link Mode#CONSUME} deletes, for
     * the caller to delete.
     */
    private List<Row> claim(Unit u, Queues.Queue q, int max, int visibility, Predicate<MessageHeaders> filter,
                            Mode mode, List<Row> first, List<Row> consumed) throws SQLException {
        RedrivePolicy redrive = q.config().redrivePolicy();
        Queues.Queue dlq = redrive == null ? null : queues.named(u.c, redrive.deadLetterQueue(), false);
        boolean canRedrive = dlq != null && dlq.kind() == Queues.KIND_QUEUE && dlq.fifo() == q.fifo();
        long retention = q.config().messageRetentionPeriod() * 1000L;
        List<Row> taken = new ArrayList<>();
        List<Row> gone = new ArrayList<>();
        List<Row> dead = new ArrayList<>();
        if (q.fifo()) {
            FifoClaims.claim(u, q, max, PAGE, filter, retention, canRedrive ? redrive.maxReceiveCount() : 0,
                    taken, gone, dead);
        } else {
            int page = filter == null ? max : PAGE;
            Cursor released = new Cursor(STANDARD.get(0), q.id(), page);
            Cursor ready = new Cursor(STANDARD.get(1), q.id(), page);
            List<Row> read = first != null ? first
                    : Row.select(u, STANDARD_BOTH, q.id(), u.now, 10, 10, 0L, page, q.id(), u.now, 10, 10, 0L, page);
            released.add(read.stream().filter(Row::leased).toList());
            ready.add(read.stream().filter(row -> !row.leased()).toList());
            while (taken.size() < max) {
                Row a = released.peek(u);
                Row b = ready.peek(u);
                if (a == null && b == null) {
                    break;
                }
                Row row = b == null || a != null && before(a, b) ? released.next() : ready.next();
                if (row.expired(u.now, retention)) {
                    gone.add(row);
                } else if (canRedrive && row.receiveCount() >= redrive.maxReceiveCount()) {
                    dead.add(row);
                } else if (filter == null || filter.test(row)) {
                    taken.add(row);
                }
            }
        }
        delete(u, q.id(), gone);
        if (!dead.isEmpty()) {
            moveToDeadLetterQueue(u, q, dlq, dead);
        }
        List<Row> out = new ArrayList<>(taken.size());
        long until = u.now + visibility * 1000L;
        for (Row row : taken) {
            out.add(row.received(u.now, until));
        }
        if (taken.isEmpty()) {
            return out;
        }
        u.wrote(mode == Mode.LEASE || mode == Mode.CONSUME && taken.stream().noneMatch(Row::lossy));
        if (mode == Mode.CONSUME) {
            if (consumed != null) {
                consumed.addAll(taken);
            } else {
                delete(u, q.id(), taken);
            }
            u.count(q.id(), Counters.DELETED, taken.size());
            if (q.fifo()) {
                u.wake(q.id());
            }
            return out;
        }
        u.wakeAt(q.id(), until);
        try (PreparedStatement s = u.c.prepareStatement("UPDATE wharf_message SET receive_count = receive_count + 1, "
                + "leased = true, visible_at = ?, "
                + "first_receive = CASE WHEN first_receive = 0 THEN ? ELSE first_receive END "
                + "WHERE queue_id = ? AND id = ANY (?)")) {
            s.setLong(1, until);
            s.setLong(2, u.now);
            s.setInt(3, q.id());
            s.setArray(4, ids(u, taken));
            s.executeUpdate();
        }
        return out;
    }

    /** Delivery order on a standard queue: higher priority first, then send order. */
    private static boolean before(Row a, Row b) {
        return a.priority() > b.priority() || a.priority() == b.priority() && a.id() < b.id();
    }

    /** The rows of one of {@link #STANDARD}'s queries in delivery order, read and locked a page at a time. */
    private static final class Cursor {
        private final String sql;
        private final int queueId;
        private final int page;
        private final java.util.ArrayDeque<Row> buffer = new java.util.ArrayDeque<>();
        private int lastPriority = 10;
        private long lastId;
        private boolean exhausted;

        Cursor(String sql, int queueId, int page) {
            this.sql = sql;
            this.queueId = queueId;
            this.page = page;
        }

        Row peek(Unit u) throws SQLException {
            if (buffer.isEmpty() && !exhausted) {
                add(Row.select(u, sql, queueId, u.now, lastPriority, lastPriority, lastId, page));
            }
            return buffer.peek();
        }

        /** Takes a page of this cursor's rows, read by it or for it. */
        void add(List<Row> rows) {
            exhausted = rows.size() < page;
            if (!rows.isEmpty()) {
                Row last = rows.get(rows.size() - 1);
                lastPriority = last.priority();
                lastId = last.id();
            }
            buffer.addAll(rows);
        }

        Row next() {
            return buffer.poll();
        }
    }

    static Array ids(Unit u, List<Row> rows) throws SQLException {
        Long[] ids = new Long[rows.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = rows.get(i).id();
        }
        return u.c.createArrayOf("bigint", ids);
    }

    private static void delete(Unit u, int queueId, List<Row> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_message WHERE queue_id = ? AND id = ANY (?)")) {
            s.setInt(1, queueId);
            s.setArray(2, ids(u, rows));
            s.executeUpdate();
        }
    }

    /** Moves rows to the dead-letter queue, each under a new id (the end of the queue), its receives forgotten. */
    private void moveToDeadLetterQueue(Unit u, Queues.Queue q, Queues.Queue dlq, List<Row> rows) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement("UPDATE wharf_message SET queue_id = ?, "
                + "id = nextval('wharf_message_id'), receive_count = 0, first_receive = 0, visible_at = ?, leased = false, "
                + "source_queue = ? WHERE queue_id = ? AND id = ?")) {
            for (Row row : rows) {
                s.setInt(1, dlq.id());
                s.setLong(2, u.now);
                s.setString(3, q.name());
                s.setInt(4, q.id());
                s.setLong(5, row.id());
                s.addBatch();
            }
            s.executeBatch();
        }
        u.count(q.id(), Counters.MOVED_TO_DLQ, rows.size());
        u.wake(dlq.id());
    }
}
