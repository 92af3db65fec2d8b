package org.wharfmq.store.contract.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreXAResource;
import org.wharfmq.store.XaTransactions;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.testing.ManualClock;

/** What a durable store keeps across a close and a reopen. */
public abstract class RestartContract {

    /** A plain Xid; the store must give back an equal one from recover. */
    private record TestXid(int getFormatId, byte[] getGlobalTransactionId, byte[] getBranchQualifier)
            implements Xid {
        static TestXid of(String name) {
            return new TestXid(4711, name.getBytes(StandardCharsets.UTF_8), new byte[] {1});
        }
    }

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private QueueService service;

    /** The backend under test. */
    protected abstract Backend backend();

    /** A directory the store creates; see storeInAnExistingEmptyDirectorySurvivesRestart for the other case. */
    private String url() {
        return backend().durableStoreUrl(dir.resolve("store"));
    }

    @BeforeEach
    void open() {
        service = QueueServices.open(url(), clock);
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private void reopen() {
        service.close();
        service = null;
        service = QueueServices.open(url(), clock);
    }

    private List<ReceivedMessage> receive(String url, int visibilitySeconds) {
        return service.receiveMessage(ReceiveMessageRequest.of(url, 10).withVisibilityTimeout(visibilitySeconds));
    }

    private String count(String url, String attribute) {
        return service.getQueueAttributes(url, List.of(attribute)).get(attribute);
    }

    @Test
    void storeInAnExistingEmptyDirectorySurvivesRestart(@TempDir Path empty) {
        // A JUnit @TempDir, like a directory made by an installer, exists and is empty.
        try (QueueService first = QueueServices.open(backend().durableStoreUrl(empty), clock)) {
            String url = first.createQueue("orders", Map.of());
            first.sendMessage(SendMessageRequest.of(url, "a"));
        }
        try (QueueService second = QueueServices.open(backend().durableStoreUrl(empty), clock)) {
            String url = second.getQueueUrl("orders");
            assertEquals("a", second.receiveMessage(ReceiveMessageRequest.of(url, 1)).get(0).body());
        }
    }

    @Test
    void queuedMessageSurvivesRestart() {
        String url = service.createQueue("orders", Map.of());
        SendResult sent = service.sendMessage(SendMessageRequest.of(url, "a"));

        reopen();

        List<ReceivedMessage> got = receive(url, 30);
        assertEquals(1, got.size());
        assertEquals("a", got.get(0).body());
        assertEquals(sent.messageId(), got.get(0).messageId());
    }

    @Test
    void inFlightMessageStaysHiddenAfterRestart() {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        assertEquals(1, receive(url, 60).size());

        reopen();

        assertEquals(List.of(), receive(url, 60));
        assertEquals("1", count(url, "ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void receiptHandleStillDeletesAfterRestart() {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        String handle = receive(url, 60).get(0).receiptHandle();

        reopen();

        service.deleteMessage(url, handle);
        clock.advanceSeconds(61);
        assertEquals(List.of(), receive(url, 60));
        assertEquals("0", count(url, "ApproximateNumberOfMessagesNotVisible"));
    }

    @Test
    void delayedMessageStaysDelayedAfterRestart() {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "later").withDelaySeconds(60));

        reopen();

        assertEquals(List.of(), receive(url, 30));
        assertEquals("1", count(url, "ApproximateNumberOfMessagesDelayed"));
        clock.advanceSeconds(60);
        assertEquals("later", receive(url, 30).get(0).body());
    }

    @Test
    void visibilityThatEndedWhileClosedMakesMessageVisible() {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        assertEquals(1, receive(url, 30).size());
        service.close();
        service = null;

        clock.advanceSeconds(31);
        service = QueueServices.open(url(), clock);

        List<ReceivedMessage> got = receive(url, 30);
        assertEquals(1, got.size());
        assertEquals("a", got.get(0).body());
    }

    @Test
    void receiveCountSurvivesRestart() {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        service.changeMessageVisibility(url, receive(url, 30).get(0).receiptHandle(), 0);
        assertEquals(2, receive(url, 0).get(0).receiveCount());

        reopen();

        assertEquals(3, receive(url, 30).get(0).receiveCount());
    }

    @Test
    void duplicateSendAfterRestartIsDroppedWithinWindow() {
        String url = service.createQueue("orders.fifo", Map.of());
        SendResult original = service.sendMessage(SendMessageRequest.fifo(url, "first", "g", "dedup-1"));

        reopen();
        clock.advanceSeconds(10);

        SendResult retry = service.sendMessage(SendMessageRequest.fifo(url, "second", "g", "dedup-1"));
        assertEquals(original.messageId(), retry.messageId());
        assertEquals(original.sequenceNumber(), retry.sequenceNumber());
        List<ReceivedMessage> got = receive(url, 30);
        assertEquals(1, got.size());
        assertEquals("first", got.get(0).body());
    }

    @Test
    void dedupWindowCountsFromFirstAcceptanceAcrossRestart() {
        String url = service.createQueue("orders.fifo", Map.of("DeduplicationWindow", "60"));
        SendResult original = service.sendMessage(SendMessageRequest.fifo(url, "first", "g", "dedup-1"));

        reopen();
        clock.advanceSeconds(61);

        SendResult later = service.sendMessage(SendMessageRequest.fifo(url, "second", "g", "dedup-1"));
        assertNotEquals(original.messageId(), later.messageId(), "past the window the key is a new message");
        assertEquals(List.of("first", "second"), receive(url, 30).stream().map(ReceivedMessage::body).toList());
    }

    @Test
    void fifoSequenceNumbersKeepIncreasingAfterRestart() {
        String url = service.createQueue("orders.fifo", Map.of());
        service.sendMessage(SendMessageRequest.fifo(url, "1", "g", "d1"));
        SendResult before = service.sendMessage(SendMessageRequest.fifo(url, "2", "g", "d2"));

        reopen();

        SendResult after = service.sendMessage(SendMessageRequest.fifo(url, "3", "g", "d3"));
        assertTrue(new BigInteger(after.sequenceNumber()).compareTo(new BigInteger(before.sequenceNumber())) > 0,
                after.sequenceNumber() + " should follow " + before.sequenceNumber());
        List<ReceivedMessage> got = receive(url, 30);
        assertEquals(after.sequenceNumber(), got.get(2).sequenceNumber());
    }

    @Test
    void queueAttributesSurviveRestart() {
        service.createQueue("orders-dlq", Map.of());
        String url = service.createQueue("orders", Map.of("VisibilityTimeout", "45", "DelaySeconds", "5",
                "RedrivePolicy", "{\"deadLetterTargetArn\":\"orders-dlq\",\"maxReceiveCount\":3}"));
        clock.advanceSeconds(5);
        service.setQueueAttributes(url, Map.of("MessageRetentionPeriod", "120"));
        Map<String, String> before = service.getQueueAttributes(url, List.of("All"));

        reopen();

        assertEquals(before, service.getQueueAttributes(url, List.of("All")));
        assertEquals(List.of(url, service.getQueueUrl("orders-dlq")).stream().sorted().toList(),
                service.listQueues(null));
    }

    @Test
    void deletedQueueNameStaysBlockedFor60SecondsAcrossRestart() {
        String url = service.createQueue("orders", Map.of());
        service.deleteQueue(url);

        reopen();
        clock.advanceSeconds(59);

        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> service.createQueue("orders", Map.of()));
        assertEquals(ErrorCodes.QUEUE_DELETED_RECENTLY, e.code());
        clock.advanceSeconds(2);
        assertEquals(url, service.createQueue("orders", Map.of()));
    }

    @Test
    void preparedXaBranchIsRecoveredAndItsCommitDeliversItsSend() throws Exception {
        String url = service.createQueue("orders", Map.of());
        TestXid xid = TestXid.of("commit-me");
        prepareSend(xid, url, "from-xa");

        reopen();

        assertEquals(List.of(), receive(url, 30), "a prepared send is not delivered before commit");
        StoreXAResource xa = backend().capability(service, XaTransactions.class).xaResource();
        Xid recovered = find(xa.recover(XAResource.TMSTARTRSCAN), xid);
        xa.commit(recovered, false);
        List<ReceivedMessage> got = receive(url, 30);
        assertEquals(1, got.size());
        assertEquals("from-xa", got.get(0).body());
    }

    @Test
    void preparedXaBranchRolledBackAfterRestartDeliversNothing() throws Exception {
        String url = service.createQueue("orders", Map.of());
        TestXid xid = TestXid.of("roll-me-back");
        prepareSend(xid, url, "never");

        reopen();

        StoreXAResource xa = backend().capability(service, XaTransactions.class).xaResource();
        xa.rollback(find(xa.recover(XAResource.TMSTARTRSCAN), xid));
        assertEquals(List.of(), receive(url, 30));
        assertEquals(0, xa.recover(XAResource.TMSTARTRSCAN).length);
    }

    @Test
    void preparedXaDeleteStillHoldsItsMessageAfterRestart() throws Exception {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        String handle = receive(url, 30).get(0).receiptHandle();
        StoreXAResource xa = backend().capability(service, XaTransactions.class).xaResource();
        TestXid xid = TestXid.of("delete");
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().deleteMessage(url, handle);
        xa.end(xid, XAResource.TMSUCCESS);
        assertEquals(XAResource.XA_OK, xa.prepare(xid));

        reopen();
        clock.advanceSeconds(31);

        assertEquals(List.of(), receive(url, 30), "a message held by a prepared delete is not delivered");
        StoreXAResource again = backend().capability(service, XaTransactions.class).xaResource();
        again.commit(find(again.recover(XAResource.TMSTARTRSCAN), xid), false);
        clock.advanceSeconds(31);
        assertEquals(List.of(), receive(url, 30));
    }

    @Test
    void redeliveryPolicySurvivesRestart() {
        String url = service.createQueue("orders", Map.of("RedeliveryPolicy",
                "{\"initialDelaySeconds\":2,\"multiplier\":1.5,\"maxDelaySeconds\":90}"));

        reopen();

        assertEquals("{\"initialDelaySeconds\":2,\"multiplier\":1.5,\"maxDelaySeconds\":90}",
                service.getQueueAttributes(url, List.of("RedeliveryPolicy")).get("RedeliveryPolicy"));
    }

    @Test
    void preparedDeletesReleaseDelaySurvivesRestart() throws Exception {
        String url = service.createQueue("orders", Map.of());
        service.sendMessage(SendMessageRequest.of(url, "a"));
        String handle = receive(url, 60).get(0).receiptHandle();
        TestXid xid = TestXid.of("release-delay");
        StoreXAResource xa = backend().capability(service, XaTransactions.class).xaResource();
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().deleteMessage(url, handle, 10);
        xa.end(xid, XAResource.TMSUCCESS);
        xa.prepare(xid);

        reopen();

        StoreXAResource again = backend().capability(service, XaTransactions.class).xaResource();
        again.rollback(find(again.recover(XAResource.TMSTARTRSCAN), xid));
        clock.advanceSeconds(9);
        assertEquals(List.of(), receive(url, 30), "hidden for the release delay");
        clock.advanceSeconds(1);
        assertEquals(1, receive(url, 30).size());
    }

    private void prepareSend(TestXid xid, String url, String body) throws Exception {
        StoreXAResource xa = backend().capability(service, XaTransactions.class).xaResource();
        xa.start(xid, XAResource.TMNOFLAGS);
        xa.current().orElseThrow().sendMessage(SendMessageRequest.of(url, body), MessageOptions.Options.DEFAULT);
        xa.end(xid, XAResource.TMSUCCESS);
        assertEquals(XAResource.XA_OK, xa.prepare(xid));
    }

    /** The recovered xid equal to {@code wanted}; fails if recover did not list it. */
    private static Xid find(Xid[] recovered, TestXid wanted) {
        assertNotNull(recovered);
        for (Xid x : recovered) {
            if (x.getFormatId() == wanted.getFormatId()
                    && Arrays.equals(x.getGlobalTransactionId(), wanted.getGlobalTransactionId())
                    && Arrays.equals(x.getBranchQualifier(), wanted.getBranchQualifier())) {
                return x;
            }
        }
        throw new AssertionError("recover did not list " + new String(wanted.getGlobalTransactionId(),
                StandardCharsets.UTF_8) + " among " + recovered.length + " xids");
    }
}
