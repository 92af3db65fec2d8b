package org.wharfmq.store.derby;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.wharfmq.store.derby.disk.MessageRows;
import org.wharfmq.store.derby.disk.Schema;
import org.wharfmq.store.derby.index.ColdTail;
import org.wharfmq.store.derby.index.Dedup;
import org.wharfmq.store.derby.index.Ids;
import org.wharfmq.store.derby.index.Msg;
import org.wharfmq.store.derby.index.Publish;
import org.wharfmq.store.derby.index.QueueState;
import org.wharfmq.store.model.ReceiptHandle;

/**
 * Rebuilds a store's in-memory index from Derby when it opens, and hands the features that keep
 * their own state (topics, prepared XA branches) what it read for them. Bodies are not read, only
 * whether a message row holds its own.
 */
final class Loader {

    /** What the Loader read for the features: topics by name, and the prepared XA branches. */
    record Loaded(Map<String, DerbyTopics.Topic> topics, List<XaBranches.Prepared> branches) {
    }

    private static final String SELECT_META = "SELECT NAME, VAL FROM WHARF_META";
    private static final String UPDATE_META = "UPDATE WHARF_META SET VAL = ? WHERE NAME = ?";
    private static final String INSERT_META = "INSERT INTO WHARF_META (NAME, VAL) VALUES (?, ?)";
    private static final String SELECT_QUEUES = "SELECT ID, NAME, KIND, TOPIC, SUBSCRIPTION, ATTRS, CREATED_AT,"
            + " MODIFIED_AT, PURGED_AT, DELETED_AT, TAG FROM WHARF_QUEUE ORDER BY ID";
    private static final String DELETE_SUBSCRIPTIONS =
            "UPDATE WHARF_QUEUE SET DELETED_AT = ? WHERE KIND = ? AND DELETED_AT = 0";
    private static final String FORGET_DELETED_QUEUES =
            "DELETE FROM WHARF_QUEUE WHERE DELETED_AT <> 0 AND DELETED_AT < ?";
    private static final String SELECT_PREPARED = "SELECT XID, DATA FROM WHARF_PREPARED";
    private static final String SELECT_MESSAGES = "SELECT " + MessageRows.COLUMNS + " FROM WHARF_MESSAGE";
    private static final String SELECT_PUBLISHES = "SELECT ID, SENT_AT, VISIBLE_AT, EXPIRES_AT, PRIORITY, COPIES,"
            + " RECEIVED, GONE FROM WHARF_BODY WHERE COPIES IS NOT NULL";
    private static final String SELECT_ORPHAN_BODIES =
            "SELECT BODY_ID FROM WHARF_MESSAGE WHERE QUEUE_ID = ? AND BODY_IN_ROW = 0";
    private static final String DELETE_MESSAGES = "DELETE FROM WHARF_MESSAGE WHERE QUEUE_ID = ?";
    private static final String DELETE_BODY = "DELETE FROM WHARF_BODY WHERE ID = ?";
    private static final String SELECT_DEDUP =
            "SELECT QUEUE_ID, DKEY, BODY_ID, SEQ, ACCEPTED_AT FROM WHARF_DEDUP ORDER BY ACCEPTED_AT";

    private final QueueIndex index;
    private final Connection c;
    private final long now;
    private final Map<String, DerbyTopics.Topic> topics = new TreeMap<>();
    /** Prepared branches' operations by key, in the order read. */
    private final Map<String, List<DerbyTransaction.Op>> prepared = new LinkedHashMap<>();
    /** The rows that prepared branches hold, with their queues. */
    private final Map<Long, Integer> heldRows = new HashMap<>();
    /** The last row id the store may hold: the ids handed out before this open. */
    private long lastRowId;

    Loader(QueueIndex index, Connection writer) {
        this.index = index;
        this.c = writer;
        this.now = index.now();
    }

    Loaded load() throws SQLException {
        loadIds();
        Set<Integer> dropped = loadQueues();
        loadBranches();
        loadMessages(dropped);
        List<XaBranches.Prepared> branches = resolveHeld();
        loadDedup();
        c.commit();
        return new Loaded(topics, branches);
    }

    private void loadIds() throws SQLException {
        Map<String, String> meta = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(SELECT_META)) {
            while (rs.next()) {
                meta.put(rs.getString(1), rs.getString(2));
            }
        }
        long storeBits;
        if (meta.containsKey(Ids.META_STORE)) {
            storeBits = Long.parseLong(meta.get(Ids.META_STORE));
        } else {
            storeBits = new SecureRandom().nextLong() & ~0xF000L | 0x4000L;
            insertMeta(Ids.META_STORE, Long.toString(storeBits));
        }
        // Ids of the last reserved block may have been used: start after it.
        long next = meta.containsKey(Ids.META_NEXT) ? Long.parseLong(meta.get(Ids.META_NEXT)) : 1;
        lastRowId = next - 1;
        long reserved = next + Ids.BLOCK;
        if (meta.containsKey(Ids.META_NEXT)) {
            try (PreparedStatement ps = c.prepareStatement(UPDATE_META)) {
                ps.setString(1, Long.toString(reserved));
                ps.setString(2, Ids.META_NEXT);
                ps.executeUpdate();
            }
        } else {
            insertMeta(Ids.META_NEXT, Long.toString(reserved));
        }
        index.restoreIds(new Ids(storeBits, next, reserved));
        if (meta.containsKey(Schema.META_NEXT_QUEUE_ID)) {
            index.queues().reserveId(Integer.parseInt(meta.get(Schema.META_NEXT_QUEUE_ID).trim()) - 1);
        }
    }

    private void insertMeta(String name, String value) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT_META)) {
            ps.setString(1, name);
            ps.setString(2, value);
            ps.executeUpdate();
        }
    }

    /** Loads live queues and topics; returns the ids of queues whose messages must go. */
    private Set<Integer> loadQueues() throws SQLException {
        Set<Integer> dropped = new HashSet<>();
        List<Object[]> subscriptions = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(SELECT_QUEUES)) {
            while (rs.next()) {
                int id = rs.getInt(1);
                String name = rs.getString(2);
                int kind = rs.getInt(3);
                long deletedAt = rs.getLong(10);
                index.queues().reserveId(id);
                if (deletedAt != 0 || kind == QueueState.KIND_SUBSCRIPTION) {
                    dropped.add(id);
                    if (kind == QueueState.KIND_QUEUE) {
                        index.queues().restoreDeleted(name, deletedAt);
                    }
                    continue;
                }
                if (kind == QueueState.KIND_TOPIC) {
                    topics.put(name, new DerbyTopics.Topic(id, name));
                    continue;
                }
                QueueState q = index.restoreQueue(id, name, kind,
                        Schema.decodeAttributes(kind == QueueState.KIND_QUEUE ? name : "", rs.getString(6),
                                index.defaultDedupWindow()),
                        rs.getLong(7));
                q.modifiedAt = rs.getLong(8);
                q.tag = rs.getString(11);
                q.lastPurgeAt = rs.getLong(9);
                if (kind == QueueState.KIND_DURABLE_SUBSCRIPTION) {
                    subscriptions.add(new Object[] {rs.getString(4), rs.getString(5), q});
                }
            }
        }
        for (Object[] sub : subscriptions) {
            DerbyTopics.Topic t = topics.get((String) sub[0]);
            if (t != null) {
                t.subscriptions.put((String) sub[1], (QueueState) sub[2]);
            }
        }
        // Non-durable subscriptions end with the store; deleted names are free again after 60 s.
        try (PreparedStatement ps = c.prepareStatement(DELETE_SUBSCRIPTIONS)) {
            ps.setLong(1, now);
            ps.setInt(2, QueueState.KIND_SUBSCRIPTION);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement(FORGET_DELETED_QUEUES)) {
            ps.setLong(1, now - QueueTable.NAME_RESERVED_MILLIS);
            ps.executeUpdate();
        }
        return dropped;
    }

    /** Reads the prepared branches' operations and notes the rows they hold. */
    private void loadBranches() throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(SELECT_PREPARED)) {
            while (rs.next()) {
                List<DerbyTransaction.Op> ops = BranchCodec.decode(rs.getBytes(2));
                prepared.put(rs.getString(1), ops);
                for (DerbyTransaction.Op op : ops) {
                    ReceiptHandle h = heldHandle(op);
                    if (h != null) {
                        heldRows.put(h.rowId(), h.queueId());
                    }
                }
            }
        }
    }

    /** The receipt handle of the message an operation holds once prepared, or null. */
    private static ReceiptHandle heldHandle(DerbyTransaction.Op op) {
        String handle = op instanceof DerbyTransaction.Delete d ? d.receiptHandle()
                : op instanceof DerbyTransaction.Visibility v ? v.receiptHandle() : null;
        return handle == null ? null : ReceiptHandle.decode(handle);
    }

    /**
     * Loads each queue's messages: all of them, except in a standard queue, whose first
     * {@link Pager#HEAD} rows are loaded and the rest left to the pager; the copies that publish rows
     * list; then the held rows the pager left. Deletes the rows of queues that are gone, and the
     * publish rows no copy refers to.
     */
    private void loadMessages(Set<Integer> dropped) throws SQLException {
        Map<Long, Integer> bodyRefs = new HashMap<>();
        List<Long> publishes = new ArrayList<>();
        Map<Integer, List<Msg>> listed = loadListedCopies(publishes);
        for (QueueState q : new ArrayList<>(index.queues().all())) {
            boolean pages = Pager.pages(q);
            List<Msg> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(SELECT_MESSAGES + " WHERE QUEUE_ID = ? ORDER BY ROW_ID"
                    + (pages ? " FETCH FIRST " + (Pager.HEAD + 1) + " ROWS ONLY" : ""))) {
                ps.setInt(1, q.id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(MessageRows.message(rs, q, now));
                    }
                }
            }
            if (rows.size() > Pager.HEAD) {
                rows.remove(Pager.HEAD);
                q.cold = new ColdTail(rows.get(Pager.HEAD - 1).rowId, lastRowId);
            }
            // A listed copy has no row for the pager to read: it stays in memory.
            rows.addAll(listed.getOrDefault(q.id, List.of()));
            restore(rows, bodyRefs);
        }
        List<Msg> held = new ArrayList<>();
        for (Map.Entry<Long, Integer> h : heldRows.entrySet()) {
            QueueState q = index.queues().withId(h.getValue());
            if (q != null && q.cold != null && index.message(h.getKey()) == null) {
                try (PreparedStatement ps = c.prepareStatement(SELECT_MESSAGES + " WHERE QUEUE_ID = ? AND ROW_ID = ?")) {
                    ps.setInt(1, q.id);
                    ps.setLong(2, h.getKey());
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) {
                            held.add(MessageRows.message(rs, q, now));
                        }
                    }
                }
            }
        }
        restore(held, bodyRefs);
        bodyRefs.forEach((body, n) -> {
            if (n > 1) {
                index.shareBody(body, n);
            }
        });
        deleteOrphans(dropped, bodyRefs.keySet());
        try (PreparedStatement db = c.prepareStatement(DELETE_BODY)) {
            for (long id : publishes) {
                if (!bodyRefs.containsKey(id)) {
                    // Its copies left with their subscriptions.
                    db.setLong(1, id);
                    db.addBatch();
                }
            }
            db.executeBatch();
        }
    }

    /**
     * The copies that publish rows list and have not let go, by queue, for the live queues; adds
     * the id of every publish row to {@code publishes}.
     */
    private Map<Integer, List<Msg>> loadListedCopies(List<Long> publishes) throws SQLException {
        Map<Integer, List<Msg>> out = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(SELECT_PUBLISHES)) {
            while (rs.next()) {
                Publish p = Publish.decode(rs.getLong(1), rs.getBytes(6), rs.getBytes(7), rs.getBytes(8));
                publishes.add(p.id);
                for (int i = 0; i < p.rowIds.length; i++) {
                    QueueState q = index.queues().withId(p.queueIds[i]);
                    if (p.gone.get(i) || q == null) {
                        continue;
                    }
                    Msg m = new Msg(p.rowIds[i], p.id, rs.getLong(2), rs.getLong(4), rs.getInt(5), null, null);
                    m.queue = q;
                    m.seq = m.rowId;
                    // A copy received once comes back at once, as the receiver went with the process.
                    m.receiveCount = p.received.get(i) ? 1 : 0;
                    m.visibleAt = m.receiveCount == 0 ? rs.getLong(3) : now;
                    m.state = m.visibleAt > now ? Msg.DELAYED : Msg.QUEUED;
                    m.publish = p;
                    m.copy = i;
                    out.computeIfAbsent(q.id, x -> new ArrayList<>()).add(m);
                }
            }
        }
        return out;
    }

    /** Indexes loaded messages in sequence order, counting the bodies they share. */
    private void restore(List<Msg> rows, Map<Long, Integer> bodyRefs) {
        rows.sort(Comparator.comparingLong(m -> m.seq));
        for (Msg m : rows) {
            if (heldRows.containsKey(m.rowId)) {
                m.state = Msg.HELD;
            }
            // A dead letter's source may be a deleted queue: its id must not name a new one.
            index.queues().reserveId(m.sourceQueueId);
            index.restoreMessage(m);
            if (m.bodyId != m.rowId) {
                bodyRefs.merge(m.bodyId, 1, Integer::sum);
            }
        }
    }

    /**
     * Deletes the rows of queues that are gone (deleted, or non-durable subscriptions), and the
     * WHARF_BODY rows they referred to that no live message refers to.
     */
    private void deleteOrphans(Set<Integer> dropped, Set<Long> sharedLive) throws SQLException {
        Set<Long> bodies = new HashSet<>();
        try (PreparedStatement sb = c.prepareStatement(SELECT_ORPHAN_BODIES);
             PreparedStatement dm = c.prepareStatement(DELETE_MESSAGES)) {
            for (int id : dropped) {
                sb.setInt(1, id);
                try (ResultSet rs = sb.executeQuery()) {
                    while (rs.next()) {
                        bodies.add(rs.getLong(1));
                    }
                }
                dm.setInt(1, id);
                dm.executeUpdate();
            }
        }
        try (PreparedStatement db = c.prepareStatement(DELETE_BODY)) {
            for (long body : bodies) {
                Msg owner = index.message(body);
                if (!sharedLive.contains(body) && (owner == null || owner.bodyId != body)) {
                    db.setLong(1, body);
                    db.addBatch();
                }
            }
            db.executeBatch();
        }
    }

    /** Gives each prepared branch the held messages its operations name. */
    private List<XaBranches.Prepared> resolveHeld() {
        List<XaBranches.Prepared> out = new ArrayList<>();
        prepared.forEach((key, ops) -> {
            DerbyTransaction.Checked held = new DerbyTransaction.Checked(new ArrayList<>(), new ArrayList<>(),
                    new ArrayList<>());
            for (DerbyTransaction.Op op : ops) {
                ReceiptHandle h = heldHandle(op);
                Msg m = h == null ? null : index.message(h.rowId());
                if (m == null) {
                    continue;
                }
                if (op instanceof DerbyTransaction.Visibility v) {
                    held.changes().add(m);
                    held.changeSeconds().add(v.seconds());
                } else {
                    held.deletes().add(m);
                }
            }
            out.add(new XaBranches.Prepared(key, ops, held));
        });
        return out;
    }

    private void loadDedup() throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(SELECT_DEDUP)) {
            while (rs.next()) {
                QueueState q = index.queues().withId(rs.getInt(1));
                long acceptedAt = rs.getLong(5);
                if (q == null || !q.fifo() || now >= acceptedAt + q.config.deduplicationWindow() * 1000L) {
                    continue;
                }
                index.queues().dedup(q).accept(new Dedup.Entry(rs.getString(2), rs.getLong(3), rs.getLong(4),
                        acceptedAt, CompletableFuture.completedFuture(null)));
            }
        }
    }
}
