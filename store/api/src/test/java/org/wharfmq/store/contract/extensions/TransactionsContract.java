package org.wharfmq.store.contract.extensions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wharfmq.store.ErrorCodes;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.QueueService;
import org.wharfmq.store.QueueServiceException;
import org.wharfmq.store.QueueServices;
import org.wharfmq.store.ReceiveMessageRequest;
import org.wharfmq.store.ReceivedMessage;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.SendResult;
import org.wharfmq.store.StoreTransaction;
import org.wharfmq.store.Topics;
import org.wharfmq.store.Transactions;
import org.wharfmq.store.contract.Backend;
import org.wharfmq.store.contract.Rules;
import org.wharfmq.store.testing.ManualClock;

/** Local transactions: all of a unit of work at commit, or none of it. */
public abstract class TransactionsContract {
    private static final MessageOptions.Options DEFAULT = MessageOptions.Options.DEFAULT;

    private final ManualClock clock = new ManualClock();
    private QueueService service;
    private Transactions transactions;
    private String url;

    /** The backend under test. */
    protected abstract Backend backend();

    @BeforeEach
    void open() {
        backend().assumeCapabilities(Transactions.class);
        service = QueueServices.open(backend().storeUrl("transactions"), clock);
        transactions = backend().capability(service, Transactions.class);
        url = service.createQueue("orders", Map.of());
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private List<ReceivedMessage> receive(String queueUrl) {
        return service.receiveMessage(ReceiveMessageRequest.of(queueUrl, 10).withVisibilityTimeout(30));
    }

    private List<String> bodies(String queueUrl) {
        return receive(queueUrl).stream().map(ReceivedMessage::body).toList();
    }

    /** Sends {@code body} and receives it; returns its receipt handle. */
    private String sendAndReceive(String body) {
        service.sendMessage(SendMessageRequest.of(url, body));
        return receive(url).get(0).receiptHandle();
    }

    @Test
    void sendsAreInvisibleUntilCommit() {
        StoreTransaction tx = transactions.begin();
        SendResult sent = tx.sendMessage(SendMessageRequest.of(url, "a"), DEFAULT);

        assertEquals(List.of(), receive(url));
        tx.commit();

        List<ReceivedMessage> got = receive(url);
        assertEquals(List.of("a"), got.stream().map(ReceivedMessage::body).toList());
        assertEquals(sent.messageId(), got.get(0).messageId());
    }

    @Test
    void rollbackDiscardsSends() {
        StoreTransaction tx = transactions.begin();
        tx.sendMessage(SendMessageRequest.of(url, "a"), DEFAULT);

        tx.rollback();

        assertEquals(List.of(), receive(url));
    }

    @Test
    void rollbackDiscardsDeletes() {
        backend().differs(Rules.SERVER_CLOCK);
        String handle = sendAndReceive("a");
        StoreTransaction tx = transactions.begin();
        tx.deleteMessage(url, handle);

        tx.rollback();

        clock.advanceSeconds(31);
        assertEquals(List.of("a"), bodies(url));
    }

    @Test
    void commitAppliesDeletesAndSendsTogether() {
        String first = sendAndReceive("a");
        String second = sendAndReceive("b");
        StoreTransaction tx = transactions.begin();
        tx.deleteMessage(url, first);
        tx.deleteMessage(url, second);
        tx.sendMessage(SendMessageRequest.of(url, "reply"), DEFAULT);

        tx.commit();

        clock.advanceSeconds(31);
        assertEquals(List.of("reply"), bodies(url));
    }

    @Test
    void commitAppliesVisibilityChanges() {
        String handle = sendAndReceive("a");
        StoreTransaction tx = transactions.begin();
        tx.changeMessageVisibility(url, handle, 0);
        assertEquals(List.of(), receive(url));

        tx.commit();

        assertEquals(List.of("a"), bodies(url));
    }

    @Test
    void staleReceiptHandleFailsTheCommitWithReceiptHandleIsInvalid() {
        String stale = sendAndReceive("a");
        StoreTransaction tx = transactions.begin();
        tx.deleteMessage(url, stale);
        makeStale(stale);

        QueueServiceException e = assertThrows(QueueServiceException.class, tx::commit);

        assertEquals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID, e.code());
    }

    @Test
    void failedCommitDeliversNoneOfItsSends() {
        backend().differs(Rules.SERVER_CLOCK);
        String stale = sendAndReceive("a");
        StoreTransaction tx = transactions.begin();
        tx.sendMessage(SendMessageRequest.of(url, "reply"), DEFAULT);
        tx.deleteMessage(url, stale);
        makeStale(stale);

        assertThrows(QueueServiceException.class, tx::commit);

        clock.advanceSeconds(31);
        assertEquals(List.of("a"), bodies(url));
    }

    @Test
    void failedCommitAppliesNoneOfItsDeletes() {
        backend().differs(Rules.SERVER_CLOCK);
        String valid = sendAndReceive("a");
        String stale = sendAndReceive("b");
        StoreTransaction tx = transactions.begin();
        tx.deleteMessage(url, valid);
        tx.deleteMessage(url, stale);
        makeStale(stale);

        assertThrows(QueueServiceException.class, tx::commit);

        // The valid handle still names its message: the transaction's delete of it was not applied.
        service.deleteMessage(url, valid);
        clock.advanceSeconds(31);
        assertEquals(List.of("b"), bodies(url));
    }

    @Test
    void sendThatTheQueuesNewAttributesForbidFailsTheCommitChangingNothing() {
        backend().differs(Rules.MAXIMUM_MESSAGE_SIZE);
        String handle = sendAndReceive("a");
        StoreTransaction tx = transactions.begin();
        tx.deleteMessage(url, handle);
        tx.sendMessage(SendMessageRequest.of(url, "x".repeat(2000)), DEFAULT);
        service.setQueueAttributes(url, Map.of("MaximumMessageSize", "1024"));

        QueueServiceException e = assertThrows(QueueServiceException.class, tx::commit);

        assertEquals(ErrorCodes.INVALID_PARAMETER_VALUE, e.code());
        assertTrue(e.getMessage().contains("2000 bytes"), e.getMessage());
        // The delete of the same transaction was not applied: the handle still deletes the message.
        service.deleteMessage(url, handle);
        clock.advanceSeconds(31);
        assertEquals(List.of(), bodies(url));
    }

    /** Ends the visibility of the message of {@code handle} and receives it again: a newer handle. */
    private void makeStale(String handle) {
        service.changeMessageVisibility(url, handle, 0);
        assertEquals(1, receive(url).size());
    }

    @Test
    void newTransactionIsEmptyUntilSomethingIsBuffered() {
        StoreTransaction tx = transactions.begin();
        assertTrue(tx.isEmpty());

        tx.sendMessage(SendMessageRequest.of(url, "a"), DEFAULT);

        assertFalse(tx.isEmpty());
        tx.rollback();
    }

    @Test
    void fifoSendInATransactionGetsItsSequenceNumberAtCommit() {
        String fifo = service.createQueue("orders.fifo", Map.of());
        StoreTransaction tx = transactions.begin();
        SendResult sent = tx.sendMessage(SendMessageRequest.fifo(fifo, "a", "g", "d1"), DEFAULT);
        assertNotNull(sent.messageId());
        assertNull(sent.sequenceNumber());

        tx.commit();

        ReceivedMessage got = receive(fifo).get(0);
        assertEquals(sent.messageId(), got.messageId());
        assertNotNull(got.sequenceNumber());
    }

    @Test
    void publishInATransactionIsInvisibleUntilCommit() {
        Topics topics = backend().capability(service, Topics.class);
        topics.createTopic("news");
        String sub = topics.subscribe("news", "sub", true, null);
        StoreTransaction tx = transactions.begin();
        tx.publish("news", SendMessageRequest.of(null, "headline"), DEFAULT, null);

        assertEquals(List.of(), receive(sub));
        tx.commit();

        assertEquals(List.of("headline"), bodies(sub));
    }

    @Test
    void aMessageIsSentWhenTheTransactionAskedNotWhenItCommits() {
        backend().differs(Rules.SERVER_CLOCK);
        Topics topics = backend().capability(service, Topics.class);
        topics.createTopic("stamped");
        String sub = topics.subscribe("stamped", "sub", true, null);
        StoreTransaction tx = transactions.begin();
        long asked = clock.millis();
        tx.sendMessage(SendMessageRequest.of(url, "queued"), DEFAULT);
        tx.publish("stamped", SendMessageRequest.of(null, "published"), DEFAULT, null);
        clock.advanceSeconds(5);

        tx.commit();

        assertEquals(asked, receive(url).get(0).sentTimestamp(), "a send's SentTimestamp");
        assertEquals(asked, receive(sub).get(0).sentTimestamp(), "a publish's SentTimestamp");
    }
}
