package org.wharfmq.store.postgres;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.transaction.xa.XAException;
import javax.transaction.xa.Xid;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.model.ReceiptHandle;

/**
 * XA branches as PostgreSQL prepared transactions ({@code PREPARE TRANSACTION}; the server needs
 * {@code max_prepared_transactions} above 0). A branch's global id starts with this schema's
 * prefix, so that {@code recover} lists this store's branches only, and any process on the store
 * can commit or roll back a branch another one prepared. Before it prepares, a branch holds the
 * messages it deletes ({@code wharf_xa_hold}, committed), so that they stay hidden, counted in
 * flight, until the branch ends; a rollback, from any process, gives them back. A process that dies
 * between the hold and the prepare leaves a hold of no branch: another process gives its messages
 * back once it finds that store dead ({@link #releaseOrphans}).
 */
final class PgXa implements XaTransactions {
    /** A held message's visibility: past any timeout, until its branch ends. */
    static final long HELD = Long.MAX_VALUE / 4;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    /** A branch of this process, from start to its end. */
    static final class Branch {
        final PgTransaction tx;
        boolean ended;
        boolean failed;

        Branch(PgTransaction tx) {
            this.tx = tx;
        }
    }

    private final PgContext ctx;
    private final Queues queues;
    private final java.util.function.Supplier<PgTransaction> begin;
    private final String prefix;
    private final Map<String, Branch> branches = new ConcurrentHashMap<>();

    PgXa(PgContext ctx, Queues queues, java.util.function.Supplier<PgTransaction> begin) {
        this.ctx = ctx;
        this.queues = queues;
        this.begin = begin;
        this.prefix = "wharf-" + Integer.toHexString(ctx.db().settings().schema().hashCode()) + "-";
    }

    @Override
    public StoreXAResource xaResource() {
        return new PgXaResource(this);
    }

    String prefix() {
        return prefix;
    }

    /**
     * The global id of {@code xid} in this store: the prefix, then the format id in hex, the global
     * transaction id and the branch qualifier in base64url, joined by dots (which base64url never
     * holds). At most 197 characters; PostgreSQL allows 200.
     */
    String gid(Xid xid) {
        return prefix + Integer.toHexString(xid.getFormatId()) + "." + B64.encodeToString(xid.getGlobalTransactionId())
                + "." + B64.encodeToString(xid.getBranchQualifier());
    }

    /**
     * The global id that earlier builds of this store gave {@code xid}: the same, joined by
     * {@code -}, which base64url also holds. Branches they prepared still end by it.
     */
    String legacyGid(Xid xid) {
        return prefix + Integer.toHexString(xid.getFormatId()) + "-" + B64.encodeToString(xid.getGlobalTransactionId())
                + "-" + B64.encodeToString(xid.getBranchQualifier());
    }

    /**
     * The xid of a global id of this store, or null if {@code gid} gives no single xid: it is not
     * well formed, or it is one of {@link #legacyGid} that more than one xid would have (a dash of
     * its parts cannot be told from the one between them).
     */
    Xid xid(String gid) {
        String rest = gid.substring(prefix.length());
        int dot = rest.indexOf('.');
        if (dot >= 0) {
            int second = rest.indexOf('.', dot + 1);
            return second > dot && isPart(rest.substring(dot + 1, second), 1) && isPart(rest.substring(second + 1), 0)
                    ? branchId(rest.substring(0, dot), rest.substring(dot + 1, second), rest.substring(second + 1))
                    : null;
        }
        int dash = rest.indexOf('-');
        if (dash < 0) {
            return null;
        }
        String format = rest.substring(0, dash);
        String parts = rest.substring(dash + 1);
        Xid found = null;
        for (int i = parts.indexOf('-'); i >= 0; i = parts.indexOf('-', i + 1)) {
            String global = parts.substring(0, i);
            String branch = parts.substring(i + 1);
            if (isPart(global, 1) && isPart(branch, 0)) {
                if (found != null) {
                    return null;
                }
                found = branchId(format, global, branch);
            }
        }
        return found;
    }

    /** Whether {@code text} is the base64url of {@code min} to 64 bytes, as {@link #B64} writes them. */
    private static boolean isPart(String text, int min) {
        try {
            byte[] bytes = B64D.decode(text);
            return bytes.length >= min && bytes.length <= Xid.MAXGTRIDSIZE && B64.encodeToString(bytes).equals(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The xid of the parts of a global id; null if {@code format} is not hex of at most 8 digits. */
    private static Xid branchId(String format, String global, String branch) {
        if (!format.matches("[0-9a-f]{1,8}")) {
            return null;
        }
        return new BranchId((int) Long.parseLong(format, 16), B64D.decode(global), B64D.decode(branch));
    }

    /** An xid read back from a global id. */
    private record BranchId(int getFormatId, byte[] global, byte[] branch) implements Xid {
        @Override
        public byte[] getGlobalTransactionId() {
            return global.clone();
        }

        @Override
        public byte[] getBranchQualifier() {
            return branch.clone();
        }
    }

    Branch start(Xid xid) throws XAException {
        Branch b = new Branch(begin.get());
        if (branches.putIfAbsent(gid(xid), b) != null) {
            throw new XAException(XAException.XAER_DUPID);
        }
        return b;
    }

    Branch branch(Xid xid) {
        return branches.get(gid(xid));
    }

    Branch remove(Xid xid) {
        return branches.remove(gid(xid));
    }

    /** Holds the branch's deleted messages, applies its work and prepares it; false if it had none. */
    boolean prepare(Xid xid, Branch b) throws SQLException {
        if (b.tx.isEmpty()) {
            return false;
        }
        String gid = gid(xid);
        ctx.run("XA hold", u -> {
            hold(u, gid, b.tx.deletes());
            return null;
        });
        try (Connection c = ctx.db().connection("XA prepare")) {
            try {
                Unit u = new Unit(c, ctx.now());
                b.tx.apply(u);
                try (PreparedStatement s = c.prepareStatement("DELETE FROM wharf_xa_hold WHERE gid = ?")) {
                    s.setString(1, gid);
                    s.executeUpdate();
                }
                try (Statement s = c.createStatement()) {
                    s.execute("PREPARE TRANSACTION '" + gid + "'");
                }
            } catch (SQLException | RuntimeException e) {
                Database.rollbackQuietly(c);
                release(gid);
                throw e;
            }
        }
        return true;
    }

    private void hold(Unit u, String gid, List<PgTransaction.Delete> deletes) throws SQLException {
        try (PreparedStatement hold = u.c.prepareStatement("UPDATE wharf_message SET visible_at = ? WHERE queue_id = ? "
                + "AND id = ? AND receive_count = ? AND leased AND visible_at > ?");
             PreparedStatement note = u.c.prepareStatement("INSERT INTO wharf_xa_hold (gid, queue_id, id, "
                     + "receive_count, seconds, instance) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (PgTransaction.Delete d : deletes) {
                ReceiptHandle h = ReceiptHandle.decode(d.receiptHandle());
                if (h == null) {
                    continue;
                }
                hold.setLong(1, HELD);
                hold.setInt(2, h.queueId());
                hold.setLong(3, h.rowId());
                hold.setInt(4, h.receiveCount());
                hold.setLong(5, u.now);
                hold.addBatch();
                note.setString(1, gid);
                note.setInt(2, h.queueId());
                note.setLong(3, h.rowId());
                note.setInt(4, h.receiveCount());
                note.setInt(5, d.seconds());
                note.setString(6, ctx.instance());
                note.addBatch();
            }
            hold.executeBatch();
            note.executeBatch();
        }
    }

    /** Gives back, {@code seconds} later, the messages a prepared or failed branch held. */
    void release(String gid) {
        ctx.run("XA release", u -> {
            try (PreparedStatement s = u.c.prepareStatement("UPDATE wharf_message m SET visible_at = ? + h.seconds * 1000 "
                    + "FROM wharf_xa_hold h WHERE h.gid = ? AND m.queue_id = h.queue_id AND m.id = h.id "
                    + "AND m.receive_count = h.receive_count AND m.visible_at = ? RETURNING m.queue_id, h.seconds")) {
                s.setLong(1, u.now);
                s.setString(2, gid);
                s.setLong(3, HELD);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        u.wakeAt(r.getInt(1), u.now + r.getLong(2) * 1000L);
                    }
                }
            }
            try (PreparedStatement s = u.c.prepareStatement("DELETE FROM wharf_xa_hold WHERE gid = ?")) {
                s.setString(1, gid);
                s.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Gives back the messages that the dead store {@code instance} held for branches it never
     * prepared: it died between the hold and the prepare, so no transaction manager will end them.
     */
    void releaseOrphans(String instance) {
        List<String> gids = ctx.run("find XA holds of a dead store", u -> gids(u, "SELECT DISTINCT gid FROM wharf_xa_hold h "
                + "WHERE instance = ? AND NOT EXISTS (SELECT 1 FROM pg_prepared_xacts p WHERE p.gid = h.gid)", instance));
        for (String gid : gids) {
            release(gid);
        }
    }

    /** Gives back, each its release delay later, the messages an unprepared branch received and meant to delete. */
    void releaseUnprepared(Branch b) {
        List<PgTransaction.Delete> deletes = new ArrayList<>(b.tx.deletes());
        b.tx.abandon();
        if (deletes.isEmpty()) {
            return;
        }
        ctx.run("XA rollback", u -> {
            for (PgTransaction.Delete d : deletes) {
                ReceiptHandle h = ReceiptHandle.decode(d.receiptHandle());
                if (h == null) {
                    continue;
                }
                try (PreparedStatement s = u.c.prepareStatement("UPDATE wharf_message SET visible_at = ? "
                        + "WHERE queue_id = ? AND id = ? AND receive_count = ? AND leased AND visible_at > ?")) {
                    s.setLong(1, u.now + d.seconds() * 1000L);
                    s.setInt(2, h.queueId());
                    s.setLong(3, h.rowId());
                    s.setInt(4, h.receiveCount());
                    s.setLong(5, u.now);
                    if (s.executeUpdate() == 1) {
                        u.wakeAt(h.queueId(), u.now + d.seconds() * 1000L);
                    }
                }
            }
            return null;
        });
    }

    /**
     * COMMIT PREPARED or ROLLBACK PREPARED of the branch {@code xid} that this store prepared, in
     * any process, under its global id or its {@link #legacyGid}.
     */
    void finish(Xid xid, boolean commit) throws SQLException, XAException {
        String gid = gid(xid);
        if (!finish(gid, commit)) {
            gid = legacyGid(xid);
            if (!finish(gid, commit)) {
                throw new XAException(XAException.XAER_NOTA);
            }
        }
        if (!commit) {
            release(gid);
        }
    }

    /** False if no branch is prepared as {@code gid}. */
    private boolean finish(String gid, boolean commit) throws SQLException {
        try (Connection c = ctx.db().connection("XA " + (commit ? "commit" : "rollback"))) {
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                s.execute((commit ? "COMMIT" : "ROLLBACK") + " PREPARED '" + gid + "'");
                return true;
            } catch (SQLException e) {
                if ("42704".equals(e.getSQLState())) {
                    return false;
                }
                throw e;
            } finally {
                c.setAutoCommit(false);
            }
        }
    }

    /** The global ids of the branches of this store that are prepared now. */
    List<String> prepared() {
        return ctx.run("XA recover", u -> gids(u, "SELECT gid FROM pg_prepared_xacts "
                + "WHERE database = current_database() AND starts_with(gid, ?)", prefix));
    }

    /** The global ids that {@code sql}, of one text parameter, selects. */
    private static List<String> gids(Unit u, String sql, String param) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = u.c.prepareStatement(sql)) {
            s.setString(1, param);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }

    static XAException failure(Exception e) {
        XAException x = new XAException(e instanceof QueueServiceException q
                && q.code().equals(org.wharfmq.store.ErrorCodes.SERVICE_UNAVAILABLE) ? XAException.XAER_RMFAIL
                : XAException.XAER_RMERR);
        x.initCause(e);
        return x;
    }
}
