package org.wharfmq.store.derby;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.StoreXAResource;

/**
 * XA over store transactions. Prepare checks the branch, holds the messages it deletes or changes,
 * and writes the branch durably (table WHARF_PREPARED); commit applies it; rollback releases them,
 * and makes the messages it would have deleted visible again at once.
 * Branches live in the store, so any resource of the store may finish a branch after a restart.
 */
final class DerbyXAResource implements StoreXAResource {

    /** A branch: its transaction, and once prepared, the messages it holds. */
    static final class Branch {
        final Xid xid;
        final DerbyTransaction tx;
        boolean prepared;
        boolean rollbackOnly;
        DerbyTransaction.Checked held;

        Branch(Xid xid, DerbyTransaction tx) {
            this.xid = xid;
            this.tx = tx;
        }
    }

    /** An Xid read back from the store. */
    record StoredXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier) implements Xid {
    }

    private final Store store;
    private final Sends sends;
    private final DerbyTopics topics;
    private Branch current;
    private int timeout;

    DerbyXAResource(Store store, Sends sends, DerbyTopics topics) {
        this.store = store;
        this.sends = sends;
        this.topics = topics;
    }

    static String key(Xid xid) {
        HexFormat hex = HexFormat.of();
        return xid.getFormatId() + ":" + hex.formatHex(xid.getGlobalTransactionId()) + ":"
                + hex.formatHex(xid.getBranchQualifier());
    }

    static Xid parse(String key) {
        String[] parts = key.split(":", -1);
        HexFormat hex = HexFormat.of();
        return new StoredXid(Integer.parseInt(parts[0]), hex.parseHex(parts[1]), hex.parseHex(parts[2]));
    }

    @Override
    public Optional<StoreTransaction> current() {
        return Optional.ofNullable(current).map(b -> b.tx);
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        if (current != null) {
            throw error(XAException.XAER_PROTO, "this resource is already in branch " + key(current.xid));
        }
        store.lock.lock();
        try {
            Branch b = store.branches.get(key(xid));
            if ((flags & (TMJOIN | TMRESUME)) != 0) {
                if (b == null || b.prepared) {
                    throw error(XAException.XAER_NOTA, "no active branch " + key(xid) + " to join or resume");
                }
            } else {
                if (b != null) {
                    throw error(XAException.XAER_DUPID, "branch " + key(xid) + " already exists");
                }
                b = new Branch(xid, new DerbyTransaction(store, sends, topics));
                store.branches.put(key(xid), b);
            }
            current = b;
        } finally {
            store.lock.unlock();
        }
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        if (current == null || !key(current.xid).equals(key(xid))) {
            throw error(XAException.XAER_PROTO, "this resource is not in branch " + key(xid));
        }
        if ((flags & TMFAIL) != 0) {
            current.rollbackOnly = true;
        }
        current = null;
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        Branch b = branch(xid);
        if (b.rollbackOnly) {
            forget(b);
            releaseConsumed(b);
            throw error(XAException.XA_RBROLLBACK, "branch " + key(xid) + " was marked rollback-only");
        }
        if (b.tx.isEmpty()) {
            forget(b);
            return XA_RDONLY;
        }
        CompletableFuture<Void> durable;
        store.lock.lock();
        try {
            try {
                b.held = b.tx.check();
            } catch (QueueServiceException e) {
                store.branches.remove(key(xid));
                releaseConsumed(b, store.clock.millis());
                throw error(XAException.XA_RBROLLBACK, "branch " + key(xid) + " cannot commit: " + e.getMessage());
            }
            b.held.deletes().forEach(m -> m.queue.hold(m));
            b.held.changes().forEach(m -> m.queue.hold(m));
            b.prepared = true;
            String k = key(xid);
            byte[] data = BranchCodec.encode(b.tx.ops);
            durable = store.journal.submit(w -> w.execute("INSERT INTO WHARF_PREPARED (XID, DATA) VALUES (?, ?)",
                    k, data), null);
        } finally {
            store.lock.unlock();
        }
        await(durable);
        return XA_OK;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        Branch b = branch(xid);
        if (onePhase) {
            if (b.prepared) {
                throw error(XAException.XAER_PROTO, "branch " + key(xid) + " is prepared: commit it in two phases");
            }
            forget(b);
            if (b.rollbackOnly) {
                releaseConsumed(b);
                throw error(XAException.XA_RBROLLBACK, "branch " + key(xid) + " was marked rollback-only");
            }
            try {
                b.tx.commit();
            } catch (QueueServiceException e) {
                releaseConsumed(b);
                throw error(XAException.XA_RBROLLBACK, "branch " + key(xid) + " rolled back: " + e.getMessage());
            }
            return;
        }
        if (!b.prepared) {
            throw error(XAException.XAER_PROTO, "branch " + key(xid) + " is not prepared");
        }
        CompletableFuture<Void> durable;
        store.lock.lock();
        try {
            List<Journal.Step> steps = new ArrayList<>();
            List<Runnable> publish = new ArrayList<>();
            b.tx.applyChanges(b.held, steps);
            b.tx.applySends(steps, publish);
            String k = key(xid);
            steps.add(w -> w.execute("DELETE FROM WHARF_PREPARED WHERE XID = ?", k));
            store.branches.remove(k);
            durable = b.tx.submit(steps, publish);
        } finally {
            store.lock.unlock();
        }
        await(durable);
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        Branch b = branch(xid);
        CompletableFuture<Void> durable = null;
        store.lock.lock();
        try {
            String k = key(xid);
            store.branches.remove(k);
            long now = store.clock.millis();
            if (b.prepared) {
                for (List<Msg> list : List.of(b.held.deletes(), b.held.changes())) {
                    for (Msg m : list) {
                        if (m.state == Msg.HELD) {
                            m.queue.unhold(m);
                            store.advance(m.queue, now);
                        }
                    }
                }
                durable = store.journal.submit(w -> w.execute("DELETE FROM WHARF_PREPARED WHERE XID = ?", k), null);
            }
            releaseConsumed(b, now);
        } finally {
            store.lock.unlock();
        }
        if (durable != null) {
            await(durable);
        }
    }

    /**
     * Makes the messages a branch that will not commit would have deleted visible again at once,
     * as a rolled-back session's are, when their receipt handles are still current. Under the lock.
     * The transaction manager, not the consumer, decides a rollback, so the consumer cannot do it.
     */
    private void releaseConsumed(Branch b, long now) {
        for (DerbyTransaction.Op op : b.tx.ops) {
            if (op instanceof DerbyTransaction.Delete d) {
                try {
                    Msg m = store.currentMessage(store.queue(d.queueUrl()), d.receiptHandle(), true);
                    store.changeVisibility(m, now);
                } catch (QueueServiceException e) {
                    // Deleted, received again or back in the queue since: nothing to release.
                }
            }
        }
    }

    private void releaseConsumed(Branch b) {
        store.lock.lock();
        try {
            releaseConsumed(b, store.clock.millis());
        } finally {
            store.lock.unlock();
        }
    }

    @Override
    public Xid[] recover(int flag) {
        if ((flag & TMSTARTRSCAN) == 0) {
            return new Xid[0];
        }
        store.lock.lock();
        try {
            return store.branches.values().stream().filter(b -> b.prepared).map(b -> b.xid).toArray(Xid[]::new);
        } finally {
            store.lock.unlock();
        }
    }

    @Override
    public void forget(Xid xid) throws XAException {
        forget(branch(xid));
    }

    private void forget(Branch b) {
        store.lock.lock();
        try {
            store.branches.remove(key(b.xid));
        } finally {
            store.lock.unlock();
        }
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other instanceof DerbyXAResource r && r.store == store;
    }

    @Override
    public int getTransactionTimeout() {
        return timeout;
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
        timeout = seconds;
        return true;
    }

    private Branch branch(Xid xid) throws XAException {
        store.lock.lock();
        try {
            Branch b = store.branches.get(key(xid));
            if (b == null) {
                throw error(XAException.XAER_NOTA, "no branch " + key(xid));
            }
            return b;
        } finally {
            store.lock.unlock();
        }
    }

    private void await(CompletableFuture<Void> durable) throws XAException {
        try {
            store.journal.await(durable);
        } catch (QueueServiceException e) {
            XAException x = error(XAException.XAER_RMERR, e.getMessage());
            x.initCause(e);
            throw x;
        }
    }

    private static XAException error(int code, String message) {
        XAException e = new XAException(message);
        e.errorCode = code;
        return e;
    }
}
