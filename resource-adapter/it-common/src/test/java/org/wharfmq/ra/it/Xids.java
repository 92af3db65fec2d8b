package org.wharfmq.ra.it;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Set;
import java.util.TreeSet;
import javax.transaction.xa.Xid;

/** Xids as comparable text: format id, global transaction id and branch qualifier in hex. */
public final class Xids {

    private Xids() {
    }

    static Set<String> keys(Xid[] xids) {
        Set<String> keys = new TreeSet<>();
        Arrays.stream(xids).map(Xids::key).forEach(keys::add);
        return keys;
    }

    static String key(Xid xid) {
        HexFormat hex = HexFormat.of();
        return xid.getFormatId() + ":" + hex.formatHex(xid.getGlobalTransactionId()) + ":"
                + hex.formatHex(xid.getBranchQualifier());
    }
}
