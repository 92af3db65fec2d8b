package org.wharfmq.store.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.wharfmq.store.Transactions;
import org.wharfmq.store.sqs.testing.ElasticMq;

/** The order of an SQS commit, and the MessageIds and deduplication ids of buffered sends. */
class SqsTransactionsCommitTest {
    private static final MessageOptions.Options DEFAULT = MessageOptions.Options.DEFAULT;

    private QueueService service;
    private Transactions transactions;
    private String orders;
    private String replies;

    @BeforeEach
    void open() {
        service = QueueServices.open(ElasticMq.shared().storeUrl("tx"));
        transactions = service.extension(Transactions.class).orElseThrow();
        orders = service.createQueue("orders", Map.of());
        replies = service.createQueue("replies", Map.of());
    }

    @AfterEach
    void close() {
        service.close();
    }

    private List<ReceivedMessage> receive(String url) {
        return service.receiveMessage(ReceiveMessageRequest.of(url, 10).withVisibilityTimeout(30));
    }

    private String count(String url) {
        return service.getQueueAttributes(url, List.of("ApproximateNumberOfMessages"))
                .get("ApproximateNumberOfMessages");
    }

    /** A receipt handle made stale by a newer receive of its message. */
    private String staleHandle() {
        service.sendMessage(SendMessageRequest.of(orders, "a"));
        String stale = receive(orders).get(0).receiptHandle();
        service.changeMessageVisibility(orders, stale, 0);
        assertEquals(1, receive(orders).size());
        return stale;
    }

    @Test
    void staleHandleFailsTheCommitBeforeAnySend() {
        String stale = staleHandle();
        StoreTransaction tx = transactions.begin();
        tx.sendMessage(SendMessageRequest.of(replies, "reply"), DEFAULT);
        tx.deleteMessage(orders, stale);

        QueueServiceException e = assertThrows(QueueServiceException.class, tx::commit);

        assertEquals(ErrorCodes.RECEIPT_HANDLE_IS_INVALID, e.code());
        assertEquals("0", count(replies));
    }

    @Test
    void sendsGoBeforeDeletes() {
        service.sendMessage(SendMessageRequest.of(orders, "a"));
        String handle = receive(orders).get(0).receiptHandle();
        String gone = service.createQueue("gone", Map.of());
        service.deleteQueue(gone);
        StoreTransaction tx = transactions.begin();
        tx.deleteMessage(orders, handle);
        tx.sendMessage(SendMessageRequest.of(gone, "lost"), DEFAULT);

        QueueServiceException e = assertThrows(QueueServiceException.class, tx::commit);

        assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
        // The delete was not applied: the handle still deletes the message.
        service.deleteMessage(orders, handle);
    }

    @Test
    void aFailedCommitNamesTheSendsItDeliveredBeforeTheFailure() {
        String gone = service.createQueue("gone", Map.of());
        service.deleteQueue(gone);
        StoreTransaction tx = transactions.begin();
        String delivered = tx.sendMessage(SendMessageRequest.of(replies, "delivered"), DEFAULT).messageId();
        tx.sendMessage(SendMessageRequest.of(gone, "lost"), DEFAULT);

        QueueServiceException e = assertThrows(QueueServiceException.class, tx::commit);

        assertEquals(ErrorCodes.QUEUE_DOES_NOT_EXIST, e.code());
        assertTrue(e.getMessage().contains("delivered all the same (not rolled back): MessageIds " + delivered),
                e.getMessage());
        assertFalse(e.getMessage().contains("in doubt"), e.getMessage());
    }

    @Test
    void retriedCommitSendsOnlyWhatTheFailedOneDidNot() {
        String fifo = service.createQueue("orders.fifo", Map.of());
        String later = service.createQueue("later", Map.of());
        service.deleteQueue(later);
        StoreTransaction tx = transactions.begin();
        tx.sendMessage(SendMessageRequest.of(replies, "first"), DEFAULT);
        SendResult ordered = tx.sendMessage(SendMessageRequest.fifo(fifo, "ordered", "g", null), DEFAULT);
        tx.sendMessage(SendMessageRequest.of(later, "late"), DEFAULT);
        assertThrows(QueueServiceException.class, tx::commit);
        assertEquals(later, service.createQueue("later", Map.of()));

        tx.commit();

        assertEquals(List.of("first"), receive(replies).stream().map(ReceivedMessage::body).toList());
        List<ReceivedMessage> got = receive(fifo);
        assertEquals(1, got.size());
        assertEquals(ordered.messageId(), got.get(0).messageId());
        assertEquals(List.of("late"), receive(later).stream().map(ReceivedMessage::body).toList());
    }

    @Test
    void bufferedFifoSendIsDeduplicatedByTheIdItGotWhenBuffered() {
        String fifo = service.createQueue("orders.fifo", Map.of());
        StoreTransaction tx = transactions.begin();
        SendResult sent = tx.sendMessage(SendMessageRequest.fifo(fifo, "a", "g", null), DEFAULT);
        // The same entry reaching the server again, as a retry after a lost reply would.
        service.sendMessage(SendMessageRequest.fifo(fifo, "a", "g", sent.messageId()));

        tx.commit();

        List<ReceivedMessage> got = receive(fifo);
        assertEquals(1, got.size());
        assertEquals(sent.messageId(), got.get(0).messageDeduplicationId());
    }

    @Test
    void bufferedFifoSendKeepsContentBasedDeduplication() {
        String fifo = service.createQueue("cbd.fifo", Map.of("ContentBasedDeduplication", "true"));
        for (int i = 0; i < 2; i++) {
            StoreTransaction tx = transactions.begin();
            tx.sendMessage(SendMessageRequest.fifo(fifo, "same", "g", null), DEFAULT);
            tx.commit();
        }

        assertEquals(1, receive(fifo).size());
    }

    @Test
    void sendsOfManyBatchesArriveInOrder() {
        String fifo = service.createQueue("many.fifo", Map.of());
        StoreTransaction tx = transactions.begin();
        for (int i = 0; i < 25; i++) {
            tx.sendMessage(SendMessageRequest.fifo(fifo, "m" + i, "g", null), DEFAULT);
        }

        tx.commit();

        List<String> bodies = new java.util.ArrayList<>();
        while (bodies.size() < 25) {
            List<ReceivedMessage> got = receive(fifo);
            got.forEach(m -> bodies.add(m.body()));
            got.forEach(m -> service.deleteMessage(fifo, m.receiptHandle()));
        }
        assertEquals(java.util.stream.IntStream.range(0, 25).mapToObj(i -> "m" + i).toList(), bodies);
    }

    @Test
    void rollbackLeavesTheHandlesOfItsDeletesValid() {
        service.sendMessage(SendMessageRequest.of(orders, "a"));
        String handle = receive(orders).get(0).receiptHandle();
        StoreTransaction tx = transactions.begin();
        tx.deleteMessage(orders, handle);

        tx.rollback();

        service.changeMessageVisibility(orders, handle, 0);
        assertEquals(List.of("a"), receive(orders).stream().map(ReceivedMessage::body).toList());
    }

    @Test
    void endedTransactionRefusesMoreWork() {
        StoreTransaction tx = transactions.begin();
        tx.commit();

        QueueServiceException e = assertThrows(QueueServiceException.class,
                () -> tx.sendMessage(SendMessageRequest.of(orders, "late"), DEFAULT));

        assertEquals(ErrorCodes.INVALID_TRANSACTION_STATE, e.code());
    }
}
