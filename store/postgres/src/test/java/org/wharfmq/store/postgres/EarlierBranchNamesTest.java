package org.wharfmq.store.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.postgres.testing.PostgresServer;

/**
 * Earlier builds named a prepared branch {@code wharf-<schema hash>-<format>-<gtrid>-<bqual>}, in
 * base64url, whose alphabet holds the dash too. Such a branch still ends by its xid, and recover
 * lists it when its name gives one xid only; one whose name fits several is left out, so that it
 * cannot stop a transaction manager's scan.
 */
class EarlierBranchNamesTest {
    private record TestXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier) implements Xid {
    }

    @Test
    void branchesPreparedUnderEarlierNamesStillEndAndAreRecoveredWhereTheNameGivesOneXid() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String schema = PostgresServer.schemaName("earlier_names_" + System.nanoTime());
        String prefix = "wharf-" + Integer.toHexString(schema.hashCode()) + "-";
        // "abc" and {1}: YWJj-AQ, one way to read it.
        TestXid plain = new TestXid(0x1267, "abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII), new byte[] {1});
        // fb ef be is "----": "----" + "-" + "----" also reads as "--------" and an empty qualifier.
        byte[] dashes = {(byte) 0xfb, (byte) 0xef, (byte) 0xbe};
        TestXid ambiguous = new TestXid(0x1267, dashes, dashes.clone());
        try (QueueService service = QueueServices.open(server.storeUrlOfSchema(schema));
             Connection c = server.connect()) {
            StoreXAResource xa = service.extension(XaTransactions.class).orElseThrow().xaResource();
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE " + schema + ".probe (branch text)");
            }
            prepare(c, schema, prefix + "1267-YWJj-AQ", "plain");
            prepare(c, schema, prefix + "1267-" + "----" + "-" + "----", "ambiguous");
            try {
                Xid[] listed = xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);

                assertEquals(1, listed.length, "recover lists the branch whose name gives one xid only");
                assertEquals(plain.getFormatId(), listed[0].getFormatId());
                assertArrayEquals(plain.getGlobalTransactionId(), listed[0].getGlobalTransactionId());
                assertArrayEquals(plain.getBranchQualifier(), listed[0].getBranchQualifier());
                xa.commit(listed[0], false);
                xa.rollback(ambiguous);
                assertEquals(List.of("plain"), probe(c, schema), "the committed branch's work, and not the other's");
                assertEquals(0, xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN).length);
                XAException gone = assertThrows(XAException.class, () -> xa.commit(plain, false));
                assertEquals(XAException.XAER_NOTA, gone.errorCode, "a branch ended is no longer known");
            } finally {
                for (String gid : prepared(c)) {
                    if (gid.startsWith(prefix)) {
                        try (Statement s = c.createStatement()) {
                            s.execute("ROLLBACK PREPARED '" + gid + "'");
                        }
                    }
                }
            }
        }
    }

    /** Prepares, as {@code gid}, a transaction that adds {@code branch} to the probe table. */
    private static void prepare(Connection c, String schema, String gid, String branch) throws Exception {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO " + schema + ".probe VALUES ('" + branch + "')");
            s.execute("PREPARE TRANSACTION '" + gid + "'");
        } finally {
            c.setAutoCommit(true);
        }
    }

    private static List<String> probe(Connection c, String schema) throws Exception {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT branch FROM " + schema + ".probe")) {
            List<String> out = new java.util.ArrayList<>();
            while (r.next()) {
                out.add(r.getString(1));
            }
            return out;
        }
    }

    private static List<String> prepared(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT gid FROM pg_prepared_xacts")) {
            List<String> out = new java.util.ArrayList<>();
            while (r.next()) {
                out.add(r.getString(1));
            }
            return out;
        }
    }
}
