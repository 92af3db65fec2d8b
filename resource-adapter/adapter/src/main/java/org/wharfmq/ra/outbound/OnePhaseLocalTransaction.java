package org.wharfmq.ra.outbound;

import java.nio.ByteBuffer;
import java.util.UUID;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.LocalTransaction;
import jakarta.resource.spi.LocalTransactionException;

/**
 * A resource-local transaction (transaction support {@code LocalTransaction}) run as a one-phase
 * branch of the session's store XA resource under an Xid of its own.
 */
final class OnePhaseLocalTransaction implements LocalTransaction {
    /** Marks Xids made here; not a transaction manager's format. */
    private static final int FORMAT = 0x57484c54;

    private record LocalXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier)
            implements Xid {
    }

    private final XAResource resource;
    private Xid xid;

    OnePhaseLocalTransaction(XAResource resource) {
        this.resource = resource;
    }

    @Override
    public void begin() throws ResourceException {
        UUID id = UUID.randomUUID();
        byte[] gtrid = ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array();
        xid = new LocalXid(FORMAT, gtrid, new byte[] {1});
        try {
            resource.start(xid, XAResource.TMNOFLAGS);
        } catch (XAException e) {
            xid = null;
            throw failure("begin", e);
        }
    }

    @Override
    public void commit() throws ResourceException {
        Xid x = active();
        try {
            resource.end(x, XAResource.TMSUCCESS);
            resource.commit(x, true);
        } catch (XAException e) {
            throw failure("commit", e);
        }
    }

    @Override
    public void rollback() throws ResourceException {
        Xid x = active();
        try {
            resource.end(x, XAResource.TMSUCCESS);
            resource.rollback(x);
        } catch (XAException e) {
            throw failure("roll back", e);
        }
    }

    private Xid active() throws LocalTransactionException {
        Xid x = xid;
        if (x == null) {
            throw new LocalTransactionException("no Wharf local transaction is active");
        }
        xid = null;
        return x;
    }

    private static LocalTransactionException failure(String what, XAException e) {
        LocalTransactionException l = new LocalTransactionException("cannot " + what
                + " the Wharf local transaction: " + e.getMessage() + " (XA error " + e.errorCode + ")");
        l.initCause(e);
        return l;
    }
}
