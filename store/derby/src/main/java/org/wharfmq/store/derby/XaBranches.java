package org.wharfmq.store.derby;

import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.transaction.xa.Xid;

/**
 * The XA branches of one store, by Xid: started, ended or prepared. Every XA resource of the store
 * shares them, so any resource may finish a branch, also one prepared before a restart. Guarded by
 * the index's lock.
 */
final class XaBranches {

    /** A branch: its transaction, and once prepared, the messages it holds. */
    static final class Branch {
        final Xid xid;
        final String key;
        final DerbyTransaction tx;
        boolean prepared;
        boolean rollbackOnly;
        DerbyTransaction.Checked held;

        private Branch(Xid xid, String key, DerbyTransaction tx) {
            this.xid = xid;
            this.key = key;
            this.tx = tx;
        }
    }

    /** A prepared branch read back by the Loader: its key, its operations and the messages it holds. */
    record Prepared(String key, List<DerbyTransaction.Op> ops, DerbyTransaction.Checked held) {
    }

    /** An Xid read back from the store. */
    private record StoredXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier)
            implements Xid {
    }

    private final QueueIndex index;
    private final Sends sends;
    private final DerbyTopics topics;
    private final Map<String, Branch> branches = new HashMap<>();

    XaBranches(QueueIndex index, Sends sends, DerbyTopics topics, List<Prepared> recovered) {
        this.index = index;
        this.sends = sends;
        this.topics = topics;
        for (Prepared p : recovered) {
            Branch b = new Branch(parse(p.key()), p.key(), new DerbyTransaction(index, sends, topics, p.ops()));
            b.prepared = true;
            b.held = p.held();
            branches.put(p.key(), b);
        }
    }

    /** How a branch is named in WHARF_PREPARED and in error messages. */
    static String key(Xid xid) {
        HexFormat hex = HexFormat.of();
        return xid.getFormatId() + ":" + hex.formatHex(xid.getGlobalTransactionId()) + ":"
                + hex.formatHex(xid.getBranchQualifier());
    }

    private static Xid parse(String key) {
        String[] parts = key.split(":", -1);
        HexFormat hex = HexFormat.of();
        return new StoredXid(Integer.parseInt(parts[0]), hex.parseHex(parts[1]), hex.parseHex(parts[2]));
    }

    /** The branch named {@code key}, or null. Under the lock. */
    Branch find(String key) {
        return branches.get(key);
    }

    /** Starts a new branch with an empty transaction. Under the lock. */
    Branch start(Xid xid, String key) {
        Branch b = new Branch(xid, key, new DerbyTransaction(index, sends, topics));
        branches.put(key, b);
        return b;
    }

    /** Forgets a branch that has ended one way or another. Under the lock. */
    void remove(Branch b) {
        branches.remove(b.key);
    }

    /** The Xids of the prepared branches, for {@code recover}. Under the lock. */
    Xid[] prepared() {
        return branches.values().stream().filter(b -> b.prepared).map(b -> b.xid).toArray(Xid[]::new);
    }
}
