package org.wharfmq.store.postgres;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.StoreXAResource;

/** An XAResource over {@link PgXa}'s branches; every resource of one store is the same resource manager. */
final class PgXaResource implements StoreXAResource {
    private static final Logger LOG = LoggerFactory.getLogger(PgXaResource.class);
    private final PgXa xa;
    private PgXa.Branch current;

    PgXaResource(PgXa xa) {
        this.xa = xa;
    }

    @Override
    public Optional<StoreTransaction> current() {
        return Optional.ofNullable(current).map(b -> b.tx);
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
        if (current != null) {
            throw new XAException(XAException.XAER_PROTO);
        }
        if ((flags & (TMJOIN | TMRESUME)) != 0) {
            PgXa.Branch b = xa.branch(xid);
            if (b == null) {
                throw new XAException(XAException.XAER_NOTA);
            }
            b.ended = false;
            current = b;
            return;
        }
        current = xa.start(xid);
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
        PgXa.Branch b = xa.branch(xid);
        if (b == null) {
            throw new XAException(XAException.XAER_NOTA);
        }
        if ((flags & TMFAIL) != 0) {
            b.failed = true;
        }
        b.ended = true;
        if (current == b) {
            current = null;
        }
    }

    @Override
    public int prepare(Xid xid) throws XAException {
        PgXa.Branch b = xa.branch(xid);
        if (b == null) {
            throw new XAException(XAException.XAER_NOTA);
        }
        if (b.failed) {
            xa.remove(xid);
            xa.releaseUnprepared(b);
            throw new XAException(XAException.XA_RBROLLBACK);
        }
        try {
            if (!xa.prepare(xid, b)) {
                xa.remove(xid);
                return XA_RDONLY;
            }
        } catch (QueueServiceException | SQLException e) {
            xa.remove(xid);
            XAException x = new XAException(XAException.XA_RBROLLBACK);
            x.initCause(e);
            throw x;
        }
        xa.remove(xid);
        return XA_OK;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
        PgXa.Branch b = xa.remove(xid);
        if (onePhase) {
            if (b == null) {
                throw new XAException(XAException.XAER_NOTA);
            }
            if (b.failed) {
                xa.releaseUnprepared(b);
                throw new XAException(XAException.XA_RBROLLBACK);
            }
            try {
                b.tx.commit();
            } catch (QueueServiceException e) {
                xa.releaseUnprepared(b);
                XAException x = new XAException(XAException.XA_RBROLLBACK);
                x.initCause(e);
                throw x;
            }
            return;
        }
        if (b != null) {
            throw new XAException(XAException.XAER_PROTO);
        }
        finish(xid, true);
    }

    @Override
    public void rollback(Xid xid) throws XAException {
        PgXa.Branch b = xa.remove(xid);
        if (b != null) {
            if (current == b) {
                current = null;
            }
            xa.releaseUnprepared(b);
            return;
        }
        finish(xid, false);
    }

    private void finish(Xid xid, boolean commit) throws XAException {
        try {
            xa.finish(xid, commit);
        } catch (SQLException | QueueServiceException e) {
            throw PgXa.failure(e);
        }
    }

    @Override
    public Xid[] recover(int flag) throws XAException {
        if ((flag & TMSTARTRSCAN) == 0 && flag != TMNOFLAGS) {
            return new Xid[0];
        }
        try {
            List<Xid> out = new ArrayList<>();
            for (String gid : xa.prepared()) {
                Xid xid = xa.xid(gid);
                if (xid != null) {
                    out.add(xid);
                } else {
                    LOG.warn("prepared transaction {} has this store's prefix but a name that gives no single xid (an "
                            + "earlier build's name can fit several); recover leaves it out. End it by hand "
                            + "with COMMIT PREPARED or ROLLBACK PREPARED '{}'", gid, gid);
                }
            }
            return out.toArray(Xid[]::new);
        } catch (QueueServiceException e) {
            throw PgXa.failure(e);
        }
    }

    @Override
    public void forget(Xid xid) {
        xa.remove(xid);
    }

    @Override
    public boolean isSameRM(XAResource other) {
        return other instanceof PgXaResource r && r.xa == xa;
    }

    @Override
    public int getTransactionTimeout() {
        return 0;
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
        return false;
    }
}
