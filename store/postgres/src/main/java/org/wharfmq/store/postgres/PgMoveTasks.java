package org.wharfmq.store.postgres;

import static org.wharfmq.store.ErrorCodes.INVALID_PARAMETER_VALUE;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.MessageMoveTask;
import org.wharfmq.store.MessageMoveTask.Status;
import org.wharfmq.store.MessageMoves;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.model.Names;
import org.wharfmq.store.model.RedrivePolicy;
import org.wharfmq.store.model.Ranges;

/**
 * Message move tasks in {@code wharf_move_task}, seen by every process on the store. A task moves
 * the messages its source held when it started (ids up to {@code up_to}), each in one statement
 * that changes its queue, so a message is in one queue or the other. Any open store steps the
 * running tasks every {@value #STEP_MILLIS} ms, one at a time per task (its row is locked while it
 * steps), so a task goes on when the process that started it dies. At most one task runs per
 * source (a unique index). With a limit of r a second, a task moves r messages in each second
 * begun since it started, by the store's clock; an in-flight message waits, and in a FIFO queue so
 * does the rest of its group.
 */
final class PgMoveTasks implements MessageMoves, AutoCloseable {
    private static final long STEP_MILLIS = 200;
    private static final int KEPT_PER_SOURCE = 10;
    private static final int MOST_PER_STEP = 500;
    private static final Logger LOG = LoggerFactory.getLogger(PgMoveTasks.class);
    private static final String COLUMNS = "handle, source_id, source, destination_id, destination, rate, status, "
            + "moved, to_move, up_to, failure, started_at";

    private record Task(String handle, int sourceId, String source, Integer destinationId, String destination,
                        Integer rate, Status status, long moved, long toMove, long upTo, String failure,
                        long startedAt) {
        MessageMoveTask view() {
            return new MessageMoveTask(handle, status, Names.url(source),
                    destination == null ? null : Names.url(destination), rate, moved, toMove, failure, startedAt);
        }
    }

    private final PgContext ctx;
    private final Queues queues;
    private final ScheduledExecutorService worker;

    PgMoveTasks(PgContext ctx, Queues queues) {
        this.ctx = ctx;
        this.queues = queues;
        this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "wharf-pg-moves-" + ctx.db().settings().schema());
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        worker.scheduleWithFixedDelay(this::stepRunning, STEP_MILLIS, STEP_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public String startMessageMoveTask(String sourceUrl, String destinationUrl, Integer rate) {
        if (rate != null) {
            Ranges.MESSAGES_PER_SECOND.check("MaxNumberOfMessagesPerSecond", rate);
        }
        String handle = "wharf-move-" + UUID.randomUUID();
        ctx.run("StartMessageMoveTask", u -> {
            Queues.Queue source = queue(u, sourceUrl);
            Queues.Queue destination = destinationUrl == null ? null : queue(u, destinationUrl);
            check(u, source, destination);
            long upTo;
            long count;
            try (PreparedStatement s = u.c.prepareStatement(
                    "SELECT coalesce(max(id), 0), count(*) FROM wharf_message WHERE queue_id = ?")) {
                s.setInt(1, source.id());
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    upTo = r.getLong(1);
                    count = r.getLong(2);
                }
            }
            try (PreparedStatement s = u.c.prepareStatement("INSERT INTO wharf_move_task (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, 'RUNNING', 0, ?, ?, NULL, ?)")) {
                s.setString(1, handle);
                s.setInt(2, source.id());
                s.setString(3, source.name());
                s.setObject(4, destination == null ? null : destination.id());
                s.setString(5, destination == null ? null : destination.name());
                s.setObject(6, rate);
                s.setLong(7, count);
                s.setLong(8, upTo);
                s.setLong(9, u.now);
                try {
                    s.executeUpdate();
                } catch (SQLException e) {
                    if ("23505".equals(e.getSQLState())) {
                        throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + source.name()
                                + " already has a running message move task");
                    }
                    throw e;
                }
            }
            try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_move_task WHERE source_id = ? "
                    + "AND status <> 'RUNNING' AND handle NOT IN (SELECT handle FROM wharf_move_task "
                    + "WHERE source_id = ? ORDER BY started DESC LIMIT ?)")) {
                s.setInt(1, source.id());
                s.setInt(2, source.id());
                s.setInt(3, KEPT_PER_SOURCE);
                s.executeUpdate();
            }
            return null;
        });
        step(handle);
        return handle;
    }

    @Override
    public List<MessageMoveTask> listMessageMoveTasks(String sourceUrl) {
        List<String> handles = ctx.run("ListMessageMoveTasks", u -> {
            Queues.Queue source = queue(u, sourceUrl);
            List<String> out = new ArrayList<>();
            try (PreparedStatement s = u.c.prepareStatement("SELECT handle FROM wharf_move_task WHERE source_id = ? "
                    + "AND status = 'RUNNING'")) {
                s.setInt(1, source.id());
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(r.getString(1));
                    }
                }
            }
            return out;
        });
        handles.forEach(this::step);
        return ctx.run("ListMessageMoveTasks", u -> {
            Queues.Queue source = queue(u, sourceUrl);
            List<MessageMoveTask> out = new ArrayList<>();
            try (PreparedStatement s = u.c.prepareStatement("SELECT " + COLUMNS + " FROM wharf_move_task "
                    + "WHERE source_id = ? ORDER BY started DESC")) {
                s.setInt(1, source.id());
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(read(r).view());
                    }
                }
            }
            return out;
        });
    }

    @Override
    public long cancelMessageMoveTask(String taskHandle) {
        step(taskHandle);
        return ctx.run("CancelMessageMoveTask", u -> {
            Task t = lock(u, taskHandle);
            if (t == null) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "no message move task has the handle '"
                        + taskHandle + "'");
            }
            if (t.status() != Status.RUNNING) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "message move task " + taskHandle + " is "
                        + t.status() + ", not RUNNING");
            }
            finish(u, t.handle(), Status.CANCELLED, null);
            return t.moved();
        });
    }

    private void stepRunning() {
        try {
            List<String> running = ctx.run("step message move tasks", u -> {
                List<String> out = new ArrayList<>();
                try (PreparedStatement s = u.c.prepareStatement(
                        "SELECT handle FROM wharf_move_task WHERE status = 'RUNNING'");
                     ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(r.getString(1));
                    }
                }
                return out;
            });
            running.forEach(h -> step(h, true));
        } catch (QueueServiceException e) {
            LOG.debug("message move tasks of {} wait: {}", ctx.db().settings(), e.getMessage());
        }
    }

    /** Moves what the task may have moved by now, after whoever is stepping it meanwhile. */
    private void step(String handle) {
        step(handle, false);
    }

    /** Moves what the task may have moved by now; {@code skipIfBusy}: not if another is stepping it. */
    private void step(String handle, boolean skipIfBusy) {
        ctx.run("step message move task", u -> {
            Task t;
            try (PreparedStatement s = u.c.prepareStatement("SELECT " + COLUMNS + " FROM wharf_move_task "
                    + "WHERE handle = ? AND status = 'RUNNING' FOR UPDATE" + (skipIfBusy ? " SKIP LOCKED" : ""))) {
                s.setString(1, handle);
                try (ResultSet r = s.executeQuery()) {
                    if (!r.next()) {
                        return null;
                    }
                    t = read(r);
                }
            }
            step(u, t);
            return null;
        });
    }

    private void step(Unit u, Task t) throws SQLException {
        Queues.Queue source = queues.named(u.c, t.source(), false);
        if (source == null || source.id() != t.sourceId()) {
            finish(u, t.handle(), Status.FAILED, "source queue " + t.source() + " was deleted");
            return;
        }
        Queues.Queue destination = null;
        if (t.destination() != null) {
            destination = queues.named(u.c, t.destination(), false);
            if (destination == null || destination.id() != t.destinationId()) {
                finish(u, t.handle(), Status.FAILED, "destination queue " + t.destination() + " was deleted");
                return;
            }
        }
        long budget = t.rate() == null ? MOST_PER_STEP
                : Math.min(MOST_PER_STEP, t.rate() * (1 + (u.now - t.startedAt()) / 1000) - t.moved());
        List<Row> rows = Row.select(u, "SELECT " + Row.COLUMNS + " FROM wharf_message "
                + "WHERE queue_id = ? AND id <= ? ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED",
                source.id(), t.upTo(), MOST_PER_STEP);
        long moved = 0;
        boolean left = false;
        Set<String> waitingGroups = new HashSet<>();
        for (Row row : rows) {
            if (moved >= budget) {
                left = true;
                break;
            }
            boolean waits = row.leased() && row.visibleAt() > u.now
                    || row.groupId() != null && waitingGroups.contains(row.groupId());
            if (waits) {
                left = true;
                if (row.groupId() != null) {
                    waitingGroups.add(row.groupId());
                }
                continue;
            }
            Queues.Queue to = destination != null ? destination
                    : row.sourceQueue() == null ? null : queues.named(u.c, row.sourceQueue(), false);
            if (to == null || to.kind() != Queues.KIND_QUEUE) {
                finishWith(u, t, moved, Status.FAILED, "message " + row.messageId() + " has no source queue to go "
                        + "back to: a RedrivePolicy did not move it here, or its source queue was deleted");
                return;
            }
            try (PreparedStatement s = u.c.prepareStatement("UPDATE wharf_message SET queue_id = ?, "
                    + "id = nextval('wharf_message_id'), receive_count = 0, first_receive = 0, visible_at = ?, "
                    + "leased = false, source_queue = NULL WHERE queue_id = ? AND id = ?")) {
                s.setInt(1, to.id());
                s.setLong(2, u.now);
                s.setInt(3, source.id());
                s.setLong(4, row.id());
                s.executeUpdate();
            }
            u.wake(to.id());
            moved++;
        }
        if (rows.size() == MOST_PER_STEP) {
            left = true;
        }
        finishWith(u, t, moved, left ? Status.RUNNING : Status.COMPLETED, null);
    }

    private static void finishWith(Unit u, Task t, long moved, Status status, String failure) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement(
                "UPDATE wharf_move_task SET moved = moved + ?, status = ?, failure = ? WHERE handle = ?")) {
            s.setLong(1, moved);
            s.setString(2, status.name());
            s.setString(3, failure);
            s.setString(4, t.handle());
            s.executeUpdate();
        }
    }

    private static void finish(Unit u, String handle, Status status, String failure) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement(
                "UPDATE wharf_move_task SET status = ?, failure = ? WHERE handle = ?")) {
            s.setString(1, status.name());
            s.setString(2, failure);
            s.setString(3, handle);
            s.executeUpdate();
        }
    }

    private static Task lock(Unit u, String handle) throws SQLException {
        try (PreparedStatement s = u.c.prepareStatement("SELECT " + COLUMNS + " FROM wharf_move_task "
                + "WHERE handle = ? FOR UPDATE")) {
            s.setString(1, handle);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? read(r) : null;
            }
        }
    }

    private static Task read(ResultSet r) throws SQLException {
        int dest = r.getInt(4);
        Integer destinationId = r.wasNull() ? null : dest;
        int rate = r.getInt(6);
        Integer limit = r.wasNull() ? null : rate;
        return new Task(r.getString(1), r.getInt(2), r.getString(3), destinationId, r.getString(5), limit,
                Status.valueOf(r.getString(7)), r.getLong(8), r.getLong(9), r.getLong(10), r.getString(11),
                r.getLong(12));
    }

    private Queues.Queue queue(Unit u, String url) throws SQLException {
        Queues.Queue q = queues.find(u, url);
        if (q.kind() != Queues.KIND_QUEUE) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "'" + url + "' is not a queue");
        }
        return q;
    }

    private void check(Unit u, Queues.Queue source, Queues.Queue destination) throws SQLException {
        if (destination == null) {
            boolean deadLetter = false;
            try (PreparedStatement s = u.c.prepareStatement("SELECT id, name, fifo, kind, attributes, created_at, "
                    + "modified_at, last_purge, topic, subscription, tag FROM wharf_queue WHERE kind = 0 "
                    + "AND strpos(attributes, ?) > 0")) {
                s.setString(1, source.name());
                try (ResultSet r = s.executeQuery()) {
                    while (r.next() && !deadLetter) {
                        RedrivePolicy p = queues.read(r).config().redrivePolicy();
                        deadLetter = p != null && p.deadLetterQueue().equals(source.name());
                    }
                }
            }
            if (!deadLetter) {
                throw new QueueServiceException(INVALID_PARAMETER_VALUE, "queue " + source.name() + " is no queue's"
                        + " dead-letter queue, so its messages have no source to go back to; name a destination");
            }
        } else if (destination.id() == source.id()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE,
                    "queue " + source.name() + " cannot be the destination of its own messages");
        } else if (destination.fifo() != source.fifo()) {
            throw new QueueServiceException(INVALID_PARAMETER_VALUE, "destination " + destination.name() + " is "
                    + (destination.fifo() ? "FIFO" : "standard") + " but source " + source.name() + " is "
                    + (source.fifo() ? "FIFO" : "standard"));
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
