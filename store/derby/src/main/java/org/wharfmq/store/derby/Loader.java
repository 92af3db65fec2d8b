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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.wharfmq.store.model.ReceiptHandle;

/** Rebuilds a store's in-memory index from Derby when it opens. Bodies are not read. */
final class Loader {
    private final Store s;
    private final Connection c;
    private final long now;

    Loader(Store store) {
        this.s = store;
        this.c = store.db.writer();
        this.now = store.clock.millis();
    }

    void load() throws SQLException {
        loadIds();
        Set<Integer> dropped = loadQueues();
        Map<Long, DerbyXAResource.Branch> heldBy = loadBranches();
        loadMessages(dropped, heldBy.keySet());
        for (DerbyXAResource.Branch b : s.branches.values()) {
            b.held = new DerbyTransaction.Checked(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
        resolveHeld();
        loadDedup();
        c.commit();
    }

    private void loadIds() throws SQLException {
        Map<String, String> meta = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT NAME, VAL FROM WHARF_META")) {
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
        long reserved = next + Ids.BLOCK;
        if (meta.containsKey(Ids.META_NEXT)) {
            try (PreparedStatement ps = c.prepareStatement("UPDATE WHARF_META SET VAL = ? WHERE NAME = ?")) {
                ps.setString(1, Long.toString(reserved));
                ps.setString(2, Ids.META_NEXT);
                ps.executeUpdate();
            }
        } else {
            insertMeta(Ids.META_NEXT, Long.toString(reserved));
        }
        s.ids = new Ids(storeBits, next, reserved);
    }

    private void insertMeta(String name, String value) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO WHARF_META (NAME, VAL) VALUES (?, ?)")) {
            ps.setString(1, name);
            ps.setString(2, value);
            ps.executeUpdate();
        }
    }

    /** Loads live queues and topics; returns the ids of queues whose messages must go. */
    private Set<Integer> loadQueues() throws SQLException {
        Set<Integer> dropped = new HashSet<>();
        List<Object[]> subscriptions = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT ID, NAME, KIND, TOPIC,"
                + " SUBSCRIPTION, ATTRS, CREATED_AT, MODIFIED_AT, PURGED_AT, DELETED_AT, TAG FROM WHARF_QUEUE ORDER BY ID")) {
            while (rs.next()) {
                int id = rs.getInt(1);
                String name = rs.getString(2);
                int kind = rs.getInt(3);
                long deletedAt = rs.getLong(10);
                s.nextQueueId = Math.max(s.nextQueueId, id + 1);
                if (deletedAt != 0 || kind == QueueState.KIND_SUBSCRIPTION) {
                    dropped.add(id);
                    if (kind == QueueState.KIND_QUEUE) {
                        s.deletedAt.merge(name, deletedAt, Math::max);
                    }
                    continue;
                }
                if (kind == QueueState.KIND_TOPIC) {
                    s.topics.put(name, new DerbyTopics.Topic(id, name));
                    continue;
                }
                QueueState q = QueueState.create(id, name, kind,
                        Store.decodeConfig(kind == QueueState.KIND_QUEUE ? name : "", rs.getString(6),
                                s.defaultDedupWindow),
                        rs.getLong(7), s.lock.newCondition());
                q.modifiedAt = rs.getLong(8);
                q.tag = rs.getString(11);
                q.lastPurgeAt = rs.getLong(9);
                s.byName.put(name, q);
                s.byId.put(id, q);
                if (kind == QueueState.KIND_DURABLE_SUBSCRIPTION) {
                    subscriptions.add(new Object[] {rs.getString(4), rs.getString(5), q});
                }
            }
        }
        for (Object[] sub : subscriptions) {
            DerbyTopics.Topic t = s.topics.get((String) sub[0]);
            if (t != null) {
                t.subscriptions.put((String) sub[1], (QueueState) sub[2]);
            }
        }
        try (Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE WHARF_QUEUE SET DELETED_AT = " + now + " WHERE KIND = "
                    + QueueState.KIND_SUBSCRIPTION + " AND DELETED_AT = 0");
            st.executeUpdate("DELETE FROM WHARF_QUEUE WHERE DELETED_AT <> 0 AND DELETED_AT < " + (now - 60_000));
        }
        return dropped;
    }

    /** Loads prepared branches; returns them by the rows they hold. */
    private Map<Long, DerbyXAResource.Branch> loadBranches() throws SQLException {
        Map<Long, DerbyXAResource.Branch> heldBy = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT XID, DATA FROM WHARF_PREPARED")) {
            while (rs.next()) {
                String key = rs.getString(1);
                DerbyTransaction tx = new DerbyTransaction(s, new Sends(s), new DerbyTopics(s, new Sends(s)));
                tx.ops.addAll(BranchCodec.decode(rs.getBytes(2)));
                DerbyXAResource.Branch b = new DerbyXAResource.Branch(DerbyXAResource.parse(key), tx);
                b.prepared = true;
                s.branches.put(key, b);
                for (DerbyTransaction.Op op : tx.ops) {
                    String handle = op instanceof DerbyTransaction.Delete d ? d.receiptHandle()
                            : op instanceof DerbyTransaction.Visibility v ? v.receiptHandle() : null;
                    ReceiptHandle h = handle == null ? null : ReceiptHandle.decode(handle);
                    if (h != null) {
                        heldBy.put(h.rowId(), b);
                    }
                }
            }
        }
        return heldBy;
    }

    private void loadMessages(Set<Integer> dropped, Set<Long> held) throws SQLException {
        List<Msg> all = new ArrayList<>();
        Map<Long, Integer> bodyRefs = new HashMap<>();
        List<long[]> orphans = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT ROW_ID, QUEUE_ID, BODY_ID,"
                + " SEQ, SENT_AT, VISIBLE_AT, RECEIVE_COUNT, FIRST_RECEIVE_AT, PRIORITY, EXPIRES_AT, GROUP_ID, DEDUP_ID"
                + " FROM WHARF_MESSAGE")) {
            while (rs.next()) {
                long rowId = rs.getLong(1);
                int queueId = rs.getInt(2);
                long bodyId = rs.getLong(3);
                QueueState q = s.byId.get(queueId);
                if (q == null) {
                    orphans.add(new long[] {rowId, bodyId});
                    continue;
                }
                Msg m = new Msg(rowId, bodyId, rs.getLong(5), rs.getLong(10), rs.getInt(9), rs.getString(11),
                        rs.getString(12));
                m.queue = q;
                m.seq = rs.getLong(4);
                m.visibleAt = rs.getLong(6);
                m.receiveCount = rs.getInt(7);
                m.firstReceiveAt = rs.getLong(8);
                if (held.contains(rowId)) {
                    m.state = Msg.HELD;
                } else if (m.visibleAt > now) {
                    m.state = m.receiveCount == 0 ? Msg.DELAYED : Msg.INFLIGHT;
                } else {
                    m.state = Msg.QUEUED;
                }
                all.add(m);
                if (bodyId != rowId) {
                    bodyRefs.merge(bodyId, 1, Integer::sum);
                }
            }
        }
        all.sort(Comparator.comparingLong(m -> m.seq));
        for (Msg m : all) {
            s.byRow.put(m.rowId, m);
            m.queue.add(m);
        }
        bodyRefs.forEach((body, n) -> {
            if (n > 1) {
                s.sharedBodies.put(body, new int[] {n});
            }
        });
        deleteOrphans(orphans, bodyRefs.keySet());
    }

    /** Deletes the rows of messages whose queue is gone (deleted, or a non-durable subscription). */
    private void deleteOrphans(List<long[]> orphans, Set<Long> sharedLive) throws SQLException {
        if (orphans.isEmpty()) {
            return;
        }
        try (PreparedStatement dm = c.prepareStatement("DELETE FROM WHARF_MESSAGE WHERE ROW_ID = ?");
             PreparedStatement db = c.prepareStatement("DELETE FROM WHARF_BODY WHERE ID = ?")) {
            Set<Long> bodies = new HashSet<>();
            for (long[] o : orphans) {
                dm.setLong(1, o[0]);
                dm.addBatch();
                bodies.add(o[1]);
            }
            for (long body : bodies) {
                Msg owner = s.byRow.get(body);
                if (!sharedLive.contains(body) && (owner == null || owner.bodyId != body)) {
                    db.setLong(1, body);
                    db.addBatch();
                }
            }
            dm.executeBatch();
            db.executeBatch();
        }
    }

    /** Gives each loaded prepared branch the held messages its operations name. */
    private void resolveHeld() {
        for (DerbyXAResource.Branch b : s.branches.values()) {
            for (DerbyTransaction.Op op : b.tx.ops) {
                if (op instanceof DerbyTransaction.Delete d) {
                    Msg m = heldMessage(d.receiptHandle());
                    if (m != null) {
                        b.held.deletes().add(m);
                    }
                } else if (op instanceof DerbyTransaction.Visibility v) {
                    Msg m = heldMessage(v.receiptHandle());
                    if (m != null) {
                        b.held.changes().add(m);
                        b.held.changeSeconds().add(v.seconds());
                    }
                }
            }
        }
    }

    private Msg heldMessage(String handle) {
        ReceiptHandle h = ReceiptHandle.decode(handle);
        return h == null ? null : s.byRow.get(h.rowId());
    }

    private void loadDedup() throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT QUEUE_ID, DKEY, BODY_ID, SEQ,"
                + " ACCEPTED_AT FROM WHARF_DEDUP ORDER BY ACCEPTED_AT")) {
            while (rs.next()) {
                QueueState q = s.byId.get(rs.getInt(1));
                long acceptedAt = rs.getLong(5);
                if (q == null || !q.fifo() || now >= acceptedAt + q.config.deduplicationWindow() * 1000L) {
                    continue;
                }
                s.dedup.computeIfAbsent(q.id, k -> new Dedup()).accept(new Dedup.Entry(rs.getString(2), rs.getLong(3),
                        rs.getLong(4), acceptedAt, CompletableFuture.completedFuture(null)));
            }
        }
    }
}
