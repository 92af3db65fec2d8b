package org.wharfmq.jms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.jms.testing.TestStores;

/** XA through XASession: two-phase commit, rollback, and recovery after the store restarts. */
class XaRestartTest {
    private record TestXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier) implements Xid {
        static TestXid of(String id) {
            return new TestXid(4660, id.getBytes(), new byte[] {1});
        }
    }

    @Test
    void preparedBranchesSurviveARestartAndCommitOrRollBackAfter(@TempDir Path dir) throws Exception {
        TestStores.assumeDerby("restarts a wharf:derby store on disk");
        String url = "wharf:derby:" + dir.resolve("store");
        WharfConnectionFactory f = new WharfConnectionFactory(url);
        XAConnection xc = f.createXAConnection();
        XASession xs = xc.createXASession();
        XAResource xa = xs.getXAResource();
        Queue q = xs.createQueue("xa");
        for (String id : new String[] {"commit-me", "roll-me-back"}) {
            Xid xid = TestXid.of(id);
            xa.start(xid, XAResource.TMNOFLAGS);
            xs.createProducer(q).send(xs.createTextMessage(id));
            xa.end(xid, XAResource.TMSUCCESS);
            assertEquals(XAResource.XA_OK, xa.prepare(xid));
        }
        xc.close();
        new WharfConnectionFactory(url).closeStore();

        try (XAConnection again = f.createXAConnection()) {
            XAResource recovered = again.createXASession().getXAResource();
            Xid[] prepared = recovered.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);
            assertEquals(2, prepared.length);
            for (Xid xid : prepared) {
                if (new String(xid.getGlobalTransactionId()).equals("commit-me")) {
                    recovered.commit(xid, false);
                } else {
                    assertArrayEquals("roll-me-back".getBytes(), xid.getGlobalTransactionId());
                    recovered.rollback(xid);
                }
            }
            assertEquals(0, recovered.recover(XAResource.TMSTARTRSCAN).length);
        }
        try (Connection c = f.createConnection()) {
            c.start();
            Session s = c.createSession();
            MessageConsumer consumer = s.createConsumer(q);
            assertEquals("commit-me", ((TextMessage) consumer.receive(2000)).getText());
            assertNull(consumer.receive(300));
        }
        new WharfConnectionFactory(url).closeStore();
    }

    @Test
    void onePhaseCommitAndRollbackThroughXaSession() throws JMSException, Exception {
        TestStores.assumeOffers("XaTransactions", "an XA session");
        WharfConnectionFactory f = new WharfConnectionFactory(TestStores.url("xa"));
        try (XAConnection xc = f.createXAConnection()) {
            xc.start();
            XASession xs = xc.createXASession();
            XAResource xa = xs.getXAResource();
            Queue q = xs.createQueue("xa1");
            Xid rolled = TestXid.of("r");
            xa.start(rolled, XAResource.TMNOFLAGS);
            xs.createProducer(q).send(xs.createTextMessage("gone"));
            xa.end(rolled, XAResource.TMSUCCESS);
            xa.rollback(rolled);
            Xid committed = TestXid.of("c");
            xa.start(committed, XAResource.TMNOFLAGS);
            xs.createProducer(q).send(xs.createTextMessage("kept"));
            xa.end(committed, XAResource.TMSUCCESS);
            xa.commit(committed, true);
            Session s = xc.createSession();
            MessageConsumer c = s.createConsumer(q);
            assertEquals("kept", ((TextMessage) c.receive(2000)).getText());
            assertNull(c.receive(300));
        }
    }

    @Test
    void outsideABranchAnXaSessionRecoversAsAnAutomaticSessionAndInsideOneRefuses() throws Exception {
        TestStores.assumeOffers("XaTransactions", "an XA session");
        WharfConnectionFactory f = new WharfConnectionFactory(TestStores.url("xa"));
        try (XAConnection xc = f.createXAConnection()) {
            xc.start();
            XASession xs = xc.createXASession();
            Queue q = xs.createQueue("xa-recover");
            xs.createProducer(q).send(xs.createTextMessage("first"));
            xs.createProducer(q).send(xs.createTextMessage("second"));
            MessageConsumer c = xs.createConsumer(q);
            assertEquals("first", ((TextMessage) c.receive(2000)).getText());
            xs.recover();
            assertEquals("second", ((TextMessage) c.receive(2000)).getText());
            Xid xid = TestXid.of("in");
            xs.getXAResource().start(xid, XAResource.TMNOFLAGS);
            assertThrows(jakarta.jms.IllegalStateException.class, xs::recover);
            xs.getXAResource().end(xid, XAResource.TMSUCCESS);
            xs.getXAResource().rollback(xid);
        }
    }
}
