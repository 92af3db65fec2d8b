package org.wharfmq.jms.crash;

import java.nio.charset.StandardCharsets;
import javax.transaction.xa.Xid;

/** The Xid of a branch the crash tests prepare, named by its global transaction id. */
record CrashXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier) implements Xid {
    static CrashXid of(String name) {
        return new CrashXid(0x5748, name.getBytes(StandardCharsets.UTF_8), new byte[] {1});
    }

    static String name(Xid xid) {
        return new String(xid.getGlobalTransactionId(), StandardCharsets.UTF_8);
    }
}
