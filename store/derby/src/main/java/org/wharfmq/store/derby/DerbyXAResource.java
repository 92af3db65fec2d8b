package org.wharfmq.store.derby;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.derby.disk.Journal;
import org.wharfmq.store.derby.index.Msg;

/**
 * XA over store transactions. Prepare checks the branch, holds the messages it deletes or changes,
 * and writes the branch durably (table WHARF_PREPARED); commit applies it; rollback releases them,
 * and makes the messages it would have deleted visible again, after each delete's release delay.
 * Branches live in the store's {@link XaBranches}, so any resource of the store may finish a
 * branch, also after a restart.
 */
final class DerbyXAResource implements StoreXAResource {

    private final QueueIndex index;
    private final XaBranches branches;
    private XaBranches.Branch current;
    private int timeout;

    DerbyXAResource(QueueIndex index, XaBranches branches) {
        this.index = index;
        this.branches = branches;
    }

    @Override
    public Optional<StoreTransaction> current() {
        return Optional.ofNullable(current).map(b -> b.tx);
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        if (current != null) {
            throw error(XAException.XAER_PROTO, "this resource is already in branch " + current.key);
        }
        String key = XaBranches.key(xid);
        index.lock();
        try {
            XaBranches.Branch b = branches.find(key);
            if ((flags & (TMJOIN | TMRESUME)) != 0) {
                if (b == null || b.prepared) {
                    throw error(XAException.XAER_NOTA, "no active branch " + key + " to join or resume");
                }
            } else {
                if (b != null) {
                    throw error(XAException.XAER_DUPID, "branch " + key + " already exists");
                }
                b = branches.start(xid, key);
            }
            current = b;
        } finally {
            index.unlock();
        }
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        if (current == null || !current.key.equals(XaBranches.key(xid))) {
            throw error(XAException.XAER_PROTO, "this resource is not in branch " + XaBranches.key(xid));
        }
        if ((flags & TMFAIL) != 0) {
            current.rollbackOnly = true;
        }
        current = null;
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        XaBranches.Branch b = branch(xid);
        if (b.rollbackOnly) {
            forget(b);
            releaseConsumed(b);
            throw error(XAException.XA_RBROLLBACK, "branch " + b.key + " was marked rollback-only");
        }
        if (b.tx.isEmpty()) {
            forget(b);
            return XA_RDONLY;
        }
        CompletableFuture<Void> durable;
        index.lock();
        try {
            try {
                b.held = b.tx.check();
            } catch (QueueServiceException e) {
                branches.remove(b);
                releaseConsumed(b, index.now());
                throw error(XAException.XA_RBROLLBACK, "branch " + b.key + " cannot commit: " + e.getMessage());
            }
            b.held.deletes().forEach(m -> m.queue.hold(m));
            b.held.changes().forEach(m -> m.queue.hold(m));
            b.prepared = true;
            String key = b.key;
            byte[] data = BranchCodec.encode(b.tx.ops());
            durable = index.journal().submit(w -> w.insertPrepared(key, data), null);
        } finally {
            index.unlock();
        }
        await(durable);
        return XA_OK;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        XaBranches.Branch b = branch(xid);
        if (onePhase) {
            if (b.prepared) {
                throw error(XAException.XAER_PROTO, "branch " + b.key + " is prepared: commit it in two phases");
            }
            forget(b);
            if (b.rollbackOnly) {
                releaseConsumed(b);
                throw error(XAException.XA_RBROLLBACK, "branch " + b.key + " was marked rollback-only");
            }
            try {
                b.tx.commit();
            } catch (QueueServiceException e) {
                releaseConsumed(b);
                throw error(XAException.XA_RBROLLBACK, "branch " + b.key + " rolled back: " + e.getMessage());
            }
            return;
        }
        if (!b.prepared) {
            throw error(XAException.XAER_PROTO, "branch " + b.key + " is not prepared");
        }
        CompletableFuture<Void> durable;
        index.lock();
        try {
            List<Journal.Step> steps = new ArrayList<>();
            List<Runnable> publish = new ArrayList<>();
            b.tx.applyChanges(b.held, steps);
            b.tx.applySends(steps, publish);
            String key = b.key;
            steps.add(w -> w.deletePrepared(key));
            branches.remove(b);
            durable = b.tx.submit(steps, publish);
        } finally {
            index.unlock();
        }
        await(durable);
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        XaBranches.Branch b = branch(xid);
        CompletableFuture<Void> durable = null;
        index.lock();
        try {
            branches.remove(b);
            long now = index.now();
            if (b.prepared) {
                for (List<Msg> list : List.of(b.held.deletes(), b.held.changes())) {
                    for (Msg m : list) {
                        if (m.state == Msg.HELD) {
                            m.queue.unhold(m);
                            index.advance(m.queue, now);
                        }
                    }
                }
                String key = b.key;
                durable = index.journal().submit(w -> w.deletePrepared(key), null);
            }
            releaseConsumed(b, now);
        } finally {
            index.unlock();
        }
        if (durable != null) {
            await(durable);
        }
    }

    /**
     * Makes the messages a branch that will not commit would have deleted visible again after
     * their deletes' release delays (the consumer's redelivery backoff), as a rolled-back session's
     * are, when their receipt handles are still current. Under the lock.
     * The transaction manager, not the consumer, decides a rollback, so the consumer cannot do it.
     */
    private void releaseConsumed(XaBranches.Branch b, long now) {
        for (DerbyTransaction.Op op : b.tx.ops()) {
            if (op instanceof DerbyTransaction.Delete d) {
                try {
                    Msg m = index.currentMessage(index.queue(d.queueUrl()), d.receiptHandle(), true);
                    index.changeVisibility(m, now + d.releaseSeconds() * 1000L);
                } catch (QueueServiceException e) {
                    // Deleted, received again or back in the queue since: nothing to release.
                }
            }
        }
    }

    private void releaseConsumed(XaBranches.Branch b) {
        index.lock();
        try {
            releaseConsumed(b, index.now());
        } finally {
            index.unlock();
        }
    }

    @Override
    public Xid[] recover(int flag) {
        if ((flag & TMSTARTRSCAN) == 0) {
            return new Xid[0];
        }
        index.lock();
        try {
            return branches.prepared();
        } finally {
            index.unlock();
        }
    }

    @Override
    public void forget(Xid xid) throws XAException {
        forget(branch(xid));
    }

    private void forget(XaBranches.Branch b) {
        index.lock();
        try {
            branches.remove(b);
        } finally {
            index.unlock();
        }
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other instanceof DerbyXAResource r && r.index == index;
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

    private XaBranches.Branch branch(Xid xid) throws XAException {
        String key = XaBranches.key(xid);
        index.lock();
        try {
            XaBranches.Branch b = branches.find(key);
            if (b == null) {
                throw error(XAException.XAER_NOTA, "no branch " + key);
            }
            return b;
        } finally {
            index.unlock();
        }
    }

    private void await(CompletableFuture<Void> durable) throws XAException {
        try {
            index.journal().await(durable);
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
