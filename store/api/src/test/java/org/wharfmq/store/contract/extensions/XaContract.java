package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.testing.ManualClock;

/** XA branches over store transactions. */
public abstract class XaContract {

    /** A plain Xid, compared by value where the test needs it. */
    private record TestXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier)
            implements Xid {
        static TestXid of(String name) {
            return new TestXid(4711, name.getBytes(StandardCharsets.UTF_8), new byte[] {1});
        }

        boolean sameAs(Xid other) {
            return other.getFormatId() == getFormatId
                    && Arrays.equals(other.getGlobalTransactionId(), getGlobalTransactionId)
                    && Arrays.equals(other.getBranchQualifier(), getBranchQualifier);
        }
    }

    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private StoreXAResource xa;
    private String url;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(XaTransactions.class);
        service = QueueServices.open(backend().storeUrl("xa"), clock);
        xa = backend().capability(service, XaTransactions.class).xaResource();
        url = service.createQueue("orders", Map.of());
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private List<String> bodies() {
        return service.receiveMessage(ReceiveMessageRequest.of(url, 10).withVisibilityTimeout(30)).stream()
                .map(ReceivedMessage::body).toList();
    }

    /** Starts {@code xid}, sends {@code body} in it and ends it successfully. */
    private void sendInBranch(TestXid xid, String body) throws XAException {
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().sendMessage(SendMessageRequest.of(url, body), MessageOptions.Options.DEFAULT);
        xa.end(xid, XAResource.TMSUCCESS);
    }

    private List<Xid> recovered() throws XAException {
        return List.of(xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN));
    }

    @Test
    void twoPhaseCommitDeliversTheBranchsSends() throws Exception {
        TestXid xid = TestXid.of("two-phase");
        sendInBranch(xid, "a");

        assertEquals(XAResource.XA_OK, xa.prepare(xid));
        assertEquals(List.of(), bodies(), "prepared is not committed");
        xa.commit(xid, false);

        assertEquals(List.of("a"), bodies());
    }

    @Test
    void rollbackOfAnEndedBranchDiscardsItsSends() throws Exception {
        TestXid xid = TestXid.of("rollback");
        sendInBranch(xid, "a");

        xa.rollback(xid);

        assertEquals(List.of(), bodies());
    }

    @Test
    void rollbackOfAPreparedBranchDiscardsItsSends() throws Exception {
        TestXid xid = TestXid.of("prepared-rollback");
        sendInBranch(xid, "a");
        xa.prepare(xid);

        xa.rollback(xid);

        assertEquals(List.of(), bodies());
        assertTrue(recovered().isEmpty());
    }

    @Test
    void onePhaseCommitDeliversTheBranchsSends() throws Exception {
        TestXid xid = TestXid.of("one-phase");
        sendInBranch(xid, "a");

        xa.commit(xid, true);

        assertEquals(List.of("a"), bodies());
    }

    @Test
    void recoverListsPreparedBranchesOnly() throws Exception {
        TestXid prepared = TestXid.of("prepared");
        TestXid ended = TestXid.of("ended");
        sendInBranch(prepared, "a");
        xa.prepare(prepared);
        sendInBranch(ended, "b");

        List<Xid> listed = recovered();

        assertEquals(1, listed.size(), "recover listed " + listed.size() + " xids");
        assertTrue(prepared.sameAs(listed.get(0)));
    }

    @Test
    void recoverGivesBackEveryByteOfAnXid() throws Exception {
        byte[] allValues = new byte[Xid.MAXGTRIDSIZE];
        for (int i = 0; i < allValues.length; i++) {
            allValues[i] = (byte) (i * 4 + 3);
        }
        // Bytes whose base64 holds - and _ (and + and /), and the longest and shortest parts.
        List<TestXid> xids = List.of(
                new TestXid(4711, new byte[] {(byte) 0xfb, (byte) 0xef, (byte) 0xbe, 0x2d}, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}),
                new TestXid(Integer.MAX_VALUE, allValues, new byte[0]),
                new TestXid(0, new byte[] {0x2d}, allValues.clone()));
        for (int i = 0; i < xids.size(); i++) {
            sendInBranch(xids.get(i), "m" + i);
            assertEquals(XAResource.XA_OK, xa.prepare(xids.get(i)));
        }

        List<Xid> listed = recovered();

        assertEquals(xids.size(), listed.size(), "recover listed " + listed.size() + " xids");
        for (TestXid x : xids) {
            Xid same = listed.stream().filter(x::sameAs).findFirst()
                    .orElseThrow(() -> new AssertionError("recover did not give back the xid of format " + x.getFormatId));
            xa.commit(same, false);
        }
        assertEquals(List.of("m0", "m1", "m2"), bodies().stream().sorted().toList());
        assertTrue(recovered().isEmpty());
    }

    @Test
    void committedBranchIsNoLongerRecovered() throws Exception {
        TestXid xid = TestXid.of("done");
        sendInBranch(xid, "a");
        xa.prepare(xid);

        xa.commit(xid, false);

        assertTrue(recovered().isEmpty());
    }

    @Test
    void currentIsTheBranchsTransactionBetweenStartAndEnd() throws Exception {
        TestXid xid = TestXid.of("current");
        assertTrue(xa.current().isEmpty(), "no branch before start");

        xa.start(xid, XAResource.TMNOFLAGS);
        StoreTransaction inBranch = xa.current().orElseThrow();
        inBranch.sendMessage(SendMessageRequest.of(url, "a"), MessageOptions.Options.DEFAULT);
        xa.end(xid, XAResource.TMSUCCESS);

        assertTrue(xa.current().isEmpty(), "no branch after end");
        xa.commit(xid, true);
        assertEquals(List.of("a"), bodies(), "what was sent through current() belongs to the branch");
    }

    @Test
    void preparedDeleteHoldsItsMessageUntilCommit() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        String handle = service.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(30)).get(0)
                .receiptHandle();
        TestXid xid = TestXid.of("delete");
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().deleteMessage(url, handle);
        xa.end(xid, XAResource.TMSUCCESS);
        xa.prepare(xid);

        clock.advanceSeconds(31);

        assertEquals(List.of(), bodies(), "held past its visibility timeout");
        assertEquals("1", service.getQueueAttributes(url, List.of("ApproximateNumberOfMessagesNotVisible"))
                .get("ApproximateNumberOfMessagesNotVisible"));
        xa.commit(xid, false);
        assertEquals("0", service.getQueueAttributes(url, List.of("ApproximateNumberOfMessagesNotVisible"))
                .get("ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void rollbackOfAPreparedDeleteReleasesItsMessage() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        String handle = service.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(30)).get(0)
                .receiptHandle();
        TestXid xid = TestXid.of("release");
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().deleteMessage(url, handle);
        xa.end(xid, XAResource.TMSUCCESS);
        xa.prepare(xid);
        clock.advanceSeconds(31);

        xa.rollback(xid);

        assertEquals(List.of("a"), bodies());
    }

    /** Receives the one message of the queue with a 30 s visibility timeout and deletes it in {@code xid}. */
    private String deleteInBranch(TestXid xid) throws XAException {
        String handle = service.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(30)).get(0)
                .receiptHandle();
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().deleteMessage(url, handle);
        xa.end(xid, XAResource.TMSUCCESS);
        return handle;
    }

    @Test
    void rollbackOfAnEndedBranchMakesItsConsumedMessageVisibleAtOnce() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        TestXid xid = TestXid.of("ended-release");
        deleteInBranch(xid);

        xa.rollback(xid);

        assertEquals(List.of("a"), bodies(), "visible before its visibility timeout ends");
    }

    @Test
    void rollbackOfAPreparedBranchMakesItsConsumedMessageVisibleAtOnce() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        TestXid xid = TestXid.of("prepared-release");
        deleteInBranch(xid);
        xa.prepare(xid);

        xa.rollback(xid);

        assertEquals(List.of("a"), bodies(), "visible before its visibility timeout ends");
    }

    @Test
    void failedOnePhaseCommitMakesItsConsumedMessageVisibleAtOnce() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        TestXid xid = TestXid.of("rollback-only");
        deleteInBranch(xid);
        xa.start(xid, XAResource.TMJOIN);
        xa.end(xid, XAResource.TMFAIL);

        XAException e = org.junit.jupiter.api.Assertions.assertThrows(XAException.class, () -> xa.commit(xid, true));

        assertEquals(XAException.XA_RBROLLBACK, e.errorCode);
        assertEquals(List.of("a"), bodies(), "visible before its visibility timeout ends");
    }

    @Test
    void rollbackLeavesAMessageReceivedAgainSinceInFlight() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        TestXid xid = TestXid.of("stale");
        String handle = deleteInBranch(xid);
        service.changeMessageVisibility(url, handle, 0);
        assertEquals(List.of("a"), bodies(), "received again under a new handle");

        xa.rollback(xid);

        assertEquals(List.of(), bodies(), "the new receive keeps it hidden");
    }

    /** Receives the one message with a 30 s visibility timeout and deletes it in {@code xid}, released {@code seconds} after a rollback. */
    private void deleteInBranchReleasing(TestXid xid, int seconds) throws XAException {
        String handle = service.receiveMessage(ReceiveMessageRequest.of(url, 1).withVisibilityTimeout(30)).get(0)
                .receiptHandle();
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().deleteMessage(url, handle, seconds);
        xa.end(xid, XAResource.TMSUCCESS);
    }

    @Test
    void rollbackOfAnEndedBranchReleasesItsConsumedMessageAfterTheDeletesReleaseDelay() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        TestXid xid = TestXid.of("ended-delayed");
        deleteInBranchReleasing(xid, 5);

        xa.rollback(xid);

        clock.advanceSeconds(4);
        assertEquals(List.of(), bodies(), "hidden for the release delay");
        clock.advanceSeconds(1);
        assertEquals(List.of("a"), bodies(), "visible once the release delay ends, before its visibility timeout");
    }

    @Test
    void rollbackOfAPreparedBranchReleasesItsConsumedMessageAfterTheDeletesReleaseDelay() throws Exception {
        service.sendMessage(SendMessageRequest.of(url, "a"));
        TestXid xid = TestXid.of("prepared-delayed");
        deleteInBranchReleasing(xid, 8);
        xa.prepare(xid);

        xa.rollback(xid);

        clock.advanceSeconds(7);
        assertEquals(List.of(), bodies(), "hidden for the release delay");
        clock.advanceSeconds(1);
        assertEquals(List.of("a"), bodies());
    }
}
